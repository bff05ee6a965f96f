import { SetMetadata } from '@nestjs/common';
import type { ProjectionName } from '#read-models/projection-names.js';

export const READS_PROJECTIONS = 'reads-projections';

/**
 * Names the projections a query reads, so X-Wait-For-Position waits only for those. Without it
 * the query waits for every live projection (correct, sometimes slower).
 */
export const ReadsProjections = (...projections: ProjectionName[]) => SetMetadata(READS_PROJECTIONS, projections);
