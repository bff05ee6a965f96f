import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';
import type { OrderStatus } from '#domain/order/events.js';
import { READ_SCHEMA } from './column-types.js';
import { OrderItemEntity } from './order-item.entity.js';

/** One row per order with everything the admin orders page shows; money in piastres. */
@Entity({ schema: READ_SCHEMA, name: 'orders' })
@Index('orders_placed_at_id_idx', ['placedAt', 'id'])
@Index('orders_status_placed_at_id_idx', ['status', 'placedAt', 'id'])
@Index('orders_status_id_idx', ['status', 'id'])
@Index('orders_total_id_idx', ['total', 'id'])
@Index('orders_phone_idx', ['phone'])
@Index('orders_subject_idx', ['subjectId'])
export class OrderEntity {
  @PrimaryColumn({ type: 'text' }) id!: string;
  @Column({ type: 'text', name: 'order_number', unique: true }) orderNumber!: string;
  @Column({ type: 'text', name: 'cart_id' }) cartId!: string;
  @Column({ type: 'text' }) status!: OrderStatus;
  @Column({ type: 'text', name: 'first_name' }) firstName!: string;
  @Column({ type: 'text', name: 'last_name' }) lastName!: string;
  /** Normalised 01XXXXXXXXX. */
  @Column({ type: 'text' }) phone!: string;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text', name: 'address_line' }) addressLine!: string;
  @Column({ type: 'text' }) building!: string;
  @Column({ type: 'text' }) apartment!: string;
  @Column({ type: 'text' }) city!: string;
  @Column({ type: 'text' }) governorate!: string;
  @Column({ type: 'double precision', nullable: true }) latitude!: number | null;
  @Column({ type: 'double precision', nullable: true }) longitude!: number | null;
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @Column({ type: 'text', name: 'payment_method' }) paymentMethod!: string;
  /** The storefront language of the checkout ('en' | 'ar'): the customer's messages and packing slip are in it. */
  @Column({ type: 'text', default: 'en' }) language!: string;
  /** Always null today (no online payments); kept for the admin page's column. */
  @Column({ type: 'text', name: 'payment_reference', nullable: true }) paymentReference!: string | null;
  @Column({ type: 'text', name: 'promo_code', nullable: true }) promoCode!: string | null;
  @Column({ type: 'integer', name: 'promo_percent' }) promoPercent!: number;
  @Column({ type: 'integer' }) subtotal!: number;
  @Column({ type: 'integer', name: 'discount_from_promotions' }) discountFromPromotions!: number;
  @Column({ type: 'integer', name: 'discount_from_promo_code' }) discountFromPromoCode!: number;
  @Column({ type: 'integer', name: 'shipping_cost' }) shippingCost!: number;
  @Column({ type: 'integer', name: 'cod_fee' }) codFee!: number;
  @Column({ type: 'integer', name: 'tax_amount' }) taxAmount!: number;
  @Column({ type: 'integer' }) total!: number;
  /** Sum of item quantities. */
  @Column({ type: 'integer', name: 'item_count' }) itemCount!: number;
  /** Goods returned after delivery (OrderReturned amounts, piastres): net sales fall by it. */
  @Column({ type: 'integer', default: 0 }) returned!: number;
  /** Cash handed back (RefundRecorded amounts, piastres). */
  @Column({ type: 'integer', default: 0 }) refunded!: number;
  /** Fees the couriers' settlement files charged for its parcels (CourierCollectionRecorded, piastres). */
  @Column({ type: 'integer', name: 'courier_fee', default: 0 }) courierFee!: number;
  /** When the order was placed (the old product's createdAt / orderDate). */
  @Column({ type: 'timestamptz', name: 'placed_at' }) placedAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  /** Reason given with the latest status change, if any. */
  @Column({ type: 'text', name: 'status_reason', nullable: true }) statusReason!: string | null;
  /** Lower-cased "orderNumber id firstName lastName phone paymentMethod" for the admin search box (status: match the status column). */
  @Column({ type: 'text', name: 'search_text' }) searchText!: string;
  /** The staff notes' text, folded, for the admin search only (never shown from here). */
  @Column({ type: 'text', name: 'staff_notes_text', default: '' }) staffNotesText!: string;
  /** The order stream's revision after its latest event: what a status change sends back as the revision the admin saw. */
  @Column({ type: 'integer' }) revision!: number;

  @OneToMany(() => OrderItemEntity, (item) => item.order, { createForeignKeyConstraints: false })
  items?: OrderItemEntity[];
  /** The shopper's data subject (docs/adr/012): what COD risk and customers key them by. */
  @Column({ type: 'text', name: 'subject_id' }) subjectId!: string;
}
