import { InitialReadModels1763780000000 } from './1763780000000-initial-read-models.js';
import { CheckpointFailures1764520000000 } from './1764520000000-checkpoint-failures.js';
import { DashboardGovernorates1764600000000 } from './1764600000000-dashboard-governorates.js';

/** In order; a new migration is added here and never edits an old one. */
export const READ_MODEL_MIGRATIONS = [InitialReadModels1763780000000, CheckpointFailures1764520000000, DashboardGovernorates1764600000000];
