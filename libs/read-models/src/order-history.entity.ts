import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, READ_SCHEMA } from './column-types.js';

/**
 * The admin's audit trail: one row per event of an order stream, in log order
 * (ORDER BY commit_position, prepare_position).
 */
@Entity({ schema: READ_SCHEMA, name: 'order_history' })
@Index('order_history_order_idx', ['orderId', 'commitPosition', 'preparePosition'])
export class OrderHistoryEntity {
  @PrimaryColumn({ type: 'text', name: 'event_id' }) eventId!: string;
  @Column({ type: 'text', name: 'order_id' }) orderId!: string;
  @Column({ type: 'bigint', name: 'commit_position', transformer: bigintAsNumber }) commitPosition!: number;
  @Column({ type: 'bigint', name: 'prepare_position', transformer: bigintAsNumber }) preparePosition!: number;
  /** Stream revision of the event in order-<id>. */
  @Column({ type: 'integer' }) revision!: number;
  /** metadata.occurredAt (when it happened), recordedAt when the store wrote it. */
  @Column({ type: 'timestamptz', name: 'occurred_at' }) occurredAt!: Date;
  @Column({ type: 'timestamptz', name: 'recorded_at' }) recordedAt!: Date;
  /** Event type, e.g. OrderPlaced, OrderStatusChanged. */
  @Column({ type: 'text' }) type!: string;
  @Column({ type: 'text', name: 'actor_kind' }) actorKind!: string;
  @Column({ type: 'text', name: 'actor_id' }) actorId!: string;
  /**
   * A staff member's role when they made the change, as the event records it ("unknown" for one
   * written before events named it); null for the shopper's and the system's events.
   */
  @Column({ type: 'text', name: 'actor_role', nullable: true }) actorRole!: string | null;
  /**
   * What changed: OrderPlaced → { status: { from: null, to: 'PLACED' }, total, itemCount, paymentMethod, promoCode };
   * OrderStatusChanged → { status: { from, to }, reason }.
   */
  @Column({ type: 'jsonb' }) changes!: Record<string, unknown>;
  @Column({ type: 'text', name: 'correlation_id', nullable: true }) correlationId!: string | null;
  @Column({ type: 'text', name: 'causation_id', nullable: true }) causationId!: string | null;
}
