import { ApiProperty } from '@nestjs/swagger';

/** The states a queued admin job (export, what-if) reports. */
const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'unknown'];

/** The 202 answer of a job request; each kind adds the statusUrl to poll. */
export class JobRequestedFields {
  @ApiProperty() jobId!: string;
  @ApiProperty({ enum: JOB_STATES }) state!: string;
}

/** A polled job's progress; each kind adds its outcome. */
export class JobProgressFields {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: JOB_STATES }) state!: string;
  @ApiProperty({ description: '0..100' }) progress!: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}
