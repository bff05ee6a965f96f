import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JobProgressFields, JobRequestedFields } from '../shared/job-response.js';

export class ExportRequestedView extends JobRequestedFields {
  @ApiProperty({ example: '/api/admin/jobs/42' }) statusUrl!: string;
}

export class JobView extends JobProgressFields {
  @ApiProperty({ example: 'export' }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Set when an export has completed' }) downloadUrl!: string | null;
  @ApiPropertyOptional({ description: 'Rows written by a completed export' }) rows?: number;
}
