import { Column, Entity, PrimaryColumn } from 'typeorm';
import { PROJECTOR_SCHEMA } from './column-types.js';

/**
 * A rebuild asked for by the admin page or the CLI; the replica owning the projection takes it
 * on its next tick. status: 'requested' → 'building' → 'done'.
 */
@Entity({ schema: PROJECTOR_SCHEMA, name: 'rebuild_requests' })
export class RebuildRequestEntity {
  /** bigserial, as text (pg hands int8 over as a string). */
  @PrimaryColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'text' }) projection!: string;
  @Column({ type: 'timestamptz', name: 'requested_at' }) requestedAt!: Date;
  @Column({ type: 'timestamptz', name: 'started_at', nullable: true }) startedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true }) finishedAt!: Date | null;
  @Column({ type: 'text' }) status!: string;
}
