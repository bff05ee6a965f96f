import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, PROJECTOR_SCHEMA } from './column-types.js';

/**
 * A projection's progress (written only by the projector). slot 'live' is the version the API
 * reads; slot 'build' exists while a new version is rebuilt beside it.
 */
@Entity({ schema: PROJECTOR_SCHEMA, name: 'checkpoints' })
export class CheckpointEntity {
  @PrimaryColumn({ type: 'text' }) projection!: string;
  @PrimaryColumn({ type: 'text' }) slot!: 'live' | 'build';
  @Column({ type: 'integer' }) version!: number;
  @Column({ type: 'bigint', name: 'commit_position', transformer: bigintAsNumber }) commitPosition!: number;
  @Column({ type: 'bigint', name: 'prepare_position', transformer: bigintAsNumber }) preparePosition!: number;
  /** 'running' | 'failed' (a poison event stopped it) | 'building'. */
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', name: 'last_error', nullable: true }) lastError!: string | null;
  @Column({ type: 'text', name: 'last_error_event_id', nullable: true }) lastErrorEventId!: string | null;
  /** Recorded time of the last event handled: lag in seconds. */
  @Column({ type: 'timestamptz', name: 'last_event_at', nullable: true }) lastEventAt!: Date | null;
  @Column({ type: 'bigint', name: 'events_handled', transformer: bigintAsNumber }) eventsHandled!: number;
  @Column({ type: 'text', nullable: true }) owner!: string | null;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
