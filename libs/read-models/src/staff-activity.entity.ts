import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, READ_SCHEMA } from './column-types.js';

/**
 * The owner's "Staff activity": one row per thing a staff member did (a staff account event, an
 * order's status change or customer correction), newest first by (occurred_at, log position).
 * No customer's personal data: an order is named by its number, a correction by the fields'
 * names, and a status change's free-text reason stays on the order's own trail.
 */
@Entity({ schema: READ_SCHEMA, name: 'staff_activity' })
@Index('staff_activity_time_idx', ['occurredAt', 'commitPosition', 'preparePosition'])
@Index('staff_activity_actor_idx', ['actor', 'occurredAt', 'commitPosition', 'preparePosition'])
export class StaffActivityEntity {
  @PrimaryColumn({ type: 'text', name: 'event_id' }) eventId!: string;
  @Column({ type: 'bigint', name: 'commit_position', transformer: bigintAsNumber }) commitPosition!: number;
  @Column({ type: 'bigint', name: 'prepare_position', transformer: bigintAsNumber }) preparePosition!: number;
  /** metadata.occurredAt (when it was done), else when the store recorded it. */
  @Column({ type: 'timestamptz', name: 'occurred_at' }) occurredAt!: Date;
  /** The staff member who did it ("unknown" when the log does not say). */
  @Column({ type: 'text' }) actor!: string;
  /** Their role when they did it: owner, manager, agent, shipping, or "unknown" (not recorded then). */
  @Column({ type: 'text', name: 'actor_role' }) actorRole!: string;
  /** The event type, e.g. OrderStatusChanged, StaffRoleChanged. */
  @Column({ type: 'text' }) type!: string;
  @Column({ type: 'text', name: 'order_id', nullable: true }) orderId!: string | null;
  @Column({ type: 'text', name: 'order_number', nullable: true }) orderNumber!: string | null;
  /** The staff account an account event concerns (created, role changed, …). */
  @Column({ type: 'text', nullable: true }) member!: string | null;
  /**
   * What changed, without personal data: { from, to, correction? } for a status change,
   * { fields } for a correction, { role, previousRole? } for an account's role.
   */
  @Column({ type: 'jsonb' }) details!: Record<string, unknown>;
}
