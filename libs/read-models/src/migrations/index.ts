import { InitialReadModels1763780000000 } from './1763780000000-initial-read-models.js';

/** In order; a new migration is added here and never edits an old one. */
export const READ_MODEL_MIGRATIONS = [InitialReadModels1763780000000];
