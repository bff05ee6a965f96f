import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'unknown'];

export class ExportRequestedView {
  @ApiProperty() jobId!: string;
  @ApiProperty({ enum: JOB_STATES }) state!: string;
  @ApiProperty({ example: '/api/admin/jobs/42' }) statusUrl!: string;
}

export class JobView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'export' }) name!: string;
  @ApiProperty({ enum: JOB_STATES }) state!: string;
  @ApiProperty({ description: '0..100' }) progress!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Set when an export has completed' }) downloadUrl!: string | null;
  @ApiPropertyOptional({ description: 'Rows written by a completed export' }) rows?: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}
