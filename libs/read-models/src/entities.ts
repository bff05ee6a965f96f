import { CheckpointEntity } from './checkpoint.entity.js';
import { ALL_PROJECTIONS } from './projections/all-projections.js';
import { RebuildRequestEntity } from './rebuild-request.entity.js';

/**
 * The entity list a DataSource needs (the API's TypeOrmModule.forRoot takes the same list): each
 * projection's read models and private *_state inputs, and the projector's own tables.
 */
export const READ_MODEL_ENTITIES = [...ALL_PROJECTIONS.flatMap((p) => p.entities), CheckpointEntity, RebuildRequestEntity];
