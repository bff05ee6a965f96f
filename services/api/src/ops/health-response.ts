import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One dependency's state; further fields (kind, head, error, the projections' list) by part. */
export class HealthPartView {
  @ApiProperty({ enum: ['up', 'down', 'restarting', 'disabled', 'degraded', 'low'], description: 'restarting: npm start is bringing its PostgreSQL back' }) status!: string;
}

/** What is wrong when the answer is "degraded": a projection (failed, stalled, not started) or Redis. */
export class HealthProblemView {
  @ApiPropertyOptional() projection?: string;
  @ApiPropertyOptional({ example: 'redis', description: 'redis or disk' }) dependency?: string;
  @ApiProperty({ example: 'failed' }) reason!: string;
}

/**
 * The same body with 200 ("ok") and 503 ("unavailable" or "degraded"). Everyone gets status and
 * failing; the parts and `degraded` only staff with metrics.read or the HEALTH_TOKEN bearer.
 */
export class HealthView {
  @ApiProperty({ enum: ['ok', 'degraded', 'unavailable'] }) status!: string;
  @ApiPropertyOptional({ enum: ['eventStore', 'database', 'redis', 'disk', 'projections'], isArray: true, description: 'The parts that made the status other than ok' }) failing?: string[];
  @ApiPropertyOptional({ type: () => HealthPartView }) eventStore?: HealthPartView;
  @ApiPropertyOptional({ type: () => HealthPartView }) database?: HealthPartView;
  @ApiPropertyOptional({ type: () => HealthPartView }) redis?: HealthPartView;
  @ApiPropertyOptional({ type: () => HealthPartView, description: 'Free space of the uploads disk: "low" under UPLOADS_MIN_FREE_MB (uploads refused with 507)' }) disk?: HealthPartView;
  @ApiPropertyOptional({ type: () => HealthPartView }) projections?: HealthPartView;
  @ApiPropertyOptional({ type: () => [HealthProblemView] }) degraded?: HealthProblemView[];
}
