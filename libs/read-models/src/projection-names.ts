import { ALL_PROJECTIONS } from './projections/all-projections.js';

/** A projection's name as in projector.checkpoints: the API names the ones behind the tables it reads. */
export type ProjectionName = (typeof ALL_PROJECTIONS)[number]['name'];

export const PROJECTION_NAMES: ProjectionName[] = ALL_PROJECTIONS.map((p) => p.name);

/**
 * The read-model tables each projection writes and the API reads (its private *_state inputs
 * left out): the API waits for the projections behind the tables it reads (X-Wait-For-Position).
 */
export const PROJECTION_TABLES = Object.fromEntries(ALL_PROJECTIONS.map((p) => [p.name, p.readTables])) as Record<ProjectionName, readonly string[]>;
