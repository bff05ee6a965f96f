import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One dependency's state; further fields (kind, head, error, the projections' list) by part. */
export class HealthPartView {
  @ApiProperty({ enum: ['up', 'down', 'disabled', 'degraded', 'low'] }) status!: string;
}

/** What is wrong when the answer is "degraded": a projection (failed, stalled, not started) or Redis. */
export class HealthProblemView {
  @ApiPropertyOptional() projection?: string;
  @ApiPropertyOptional({ example: 'redis', description: 'redis or disk' }) dependency?: string;
  @ApiProperty({ example: 'failed' }) reason!: string;
}

/** The same body with 200 ("ok") and 503 ("unavailable" or "degraded"). */
export class HealthView {
  @ApiProperty({ enum: ['ok', 'degraded', 'unavailable'] }) status!: string;
  @ApiProperty({ type: () => HealthPartView }) eventStore!: HealthPartView;
  @ApiProperty({ type: () => HealthPartView }) database!: HealthPartView;
  @ApiProperty({ type: () => HealthPartView }) redis!: HealthPartView;
  @ApiProperty({ type: () => HealthPartView, description: 'Free space of the uploads disk: "low" under UPLOADS_MIN_FREE_MB (uploads refused with 507)' }) disk!: HealthPartView;
  @ApiProperty({ type: () => HealthPartView }) projections!: HealthPartView;
  @ApiPropertyOptional({ type: () => [HealthProblemView] }) degraded?: HealthProblemView[];
}
