import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, bigintExact, PROJECTOR_SCHEMA } from './column-types.js';

export type Slot = 'live' | 'build';

/**
 * A projection's progress (written only by the projector). slot 'live' is the version the API
 * reads; slot 'build' exists while a new version is rebuilt beside it.
 */
@Entity({ schema: PROJECTOR_SCHEMA, name: 'checkpoints' })
export class CheckpointEntity {
  @PrimaryColumn({ type: 'text' }) projection!: string;
  @PrimaryColumn({ type: 'text' }) slot!: Slot;
  @Column({ type: 'integer' }) version!: number;
  @Column({ type: 'bigint', name: 'commit_position', transformer: bigintExact }) commitPosition!: bigint;
  @Column({ type: 'bigint', name: 'prepare_position', transformer: bigintExact }) preparePosition!: bigint;
  /** 'running' | 'failed' (a poison event stopped it) | 'building'. */
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', name: 'last_error', nullable: true }) lastError!: string | null;
  @Column({ type: 'text', name: 'last_error_event_id', nullable: true }) lastErrorEventId!: string | null;
  /** The event the projection failed on (its id is lastErrorEventId); null while it runs. */
  @Column({ type: 'text', name: 'failed_event_type', nullable: true }) failedEventType!: string | null;
  @Column({ type: 'bigint', name: 'failed_commit_position', nullable: true, transformer: bigintExact }) failedCommitPosition!: bigint | null;
  @Column({ type: 'bigint', name: 'failed_prepare_position', nullable: true, transformer: bigintExact }) failedPreparePosition!: bigint | null;
  @Column({ type: 'timestamptz', name: 'first_failed_at', nullable: true }) firstFailedAt!: Date | null;
  /** Failed attempts on the same event in a row; 0 while running. */
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  /** When the owning replica tries again (back-off); moved to now() by "retry now". */
  @Column({ type: 'timestamptz', name: 'next_retry_at', nullable: true }) nextRetryAt!: Date | null;
  /** Recorded time of the last event handled: lag in seconds. */
  @Column({ type: 'timestamptz', name: 'last_event_at', nullable: true }) lastEventAt!: Date | null;
  @Column({ type: 'bigint', name: 'events_handled', transformer: bigintAsNumber }) eventsHandled!: number;
  @Column({ type: 'text', nullable: true }) owner!: string | null;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
