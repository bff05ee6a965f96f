import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** A cart's contents as the funnel keeps them: what was chosen, never who chose it. */
export interface FunnelCartLine {
  itemId: string;
  kind: string;
  posterId: string | null;
  productId: string | null;
  variantId: string | null;
  size: string | null;
  quantity: number;
}

export interface FunnelRejection {
  reason: string;
  governorate: string | null;
  at: string;
}

/**
 * One row per cart for the cart funnel (created → lines added → checkout attempted → order placed)
 * and the abandoned-cart list. No personal data: no name, phone, address or uploaded image.
 */
@Entity({ schema: READ_SCHEMA, name: 'funnel_carts' })
@Index('funnel_carts_created_idx', ['createdAt'])
export class FunnelCartEntity {
  @PrimaryColumn({ type: 'text', name: 'cart_id' }) cartId!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'last_activity_at' }) lastActivityAt!: Date;
  /** From the last checkout attempt (refused or placed); null until the cart tried one. */
  @Column({ type: 'text', nullable: true }) governorate!: string | null;
  /** ItemAddedToCart events, whatever was removed since. */
  @Column({ type: 'integer', name: 'lines_added' }) linesAdded!: number;
  @Column({ type: 'jsonb' }) lines!: FunnelCartLine[];
  @Column({ type: 'text', name: 'promo_code', nullable: true }) promoCode!: string | null;
  @Column({ type: 'timestamptz', name: 'checkout_attempted_at', nullable: true }) checkoutAttemptedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'order_placed_at', nullable: true }) orderPlacedAt!: Date | null;
  @Column({ type: 'jsonb' }) rejections!: FunnelRejection[];
}
