import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { PriceRule } from '#domain/pricing/price-rules.js';
import { READ_SCHEMA } from './column-types.js';
import type { OrderEntity } from './order.entity.js';

/** A line of an order as priced at checkout; money in piastres. */
@Entity({ schema: READ_SCHEMA, name: 'order_items' })
@Index('order_items_poster_idx', ['posterId'])
export class OrderItemEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  /** 0-based position in the order. */
  @PrimaryColumn({ type: 'integer', name: 'line_no' }) lineNo!: number;
  @Column({ type: 'text', name: 'item_id' }) itemId!: string;
  /** 'poster' | 'custom' | 'addon' */
  @Column({ type: 'text' }) kind!: string;
  @Column({ type: 'text', name: 'poster_id', nullable: true }) posterId!: string | null;
  @Column({ type: 'text', name: 'product_id', nullable: true }) productId!: string | null;
  @Column({ type: 'text', name: 'variant_id', nullable: true }) variantId!: string | null;
  /** Name at checkout (posterNameSnapshot). */
  @Column({ type: 'text' }) name!: string;
  /** The Arabic name the shopper saw; null where the catalogue had none, or the order predates it. */
  @Column({ type: 'text', name: 'name_ar', nullable: true }) nameAr!: string | null;
  @Column({ type: 'text', nullable: true }) category!: string | null;
  @Column({ type: 'text', name: 'image_url', nullable: true }) imageUrl!: string | null;
  @Column({ type: 'text', name: 'custom_image_path', nullable: true }) customImagePath!: string | null;
  @Column({ type: 'text', nullable: true }) size!: string | null;
  @Column({ type: 'integer' }) quantity!: number;
  /** How many of the line came back after delivery (OrderReturned): quantity − this is what may still be returned. */
  @Column({ type: 'integer', name: 'returned_quantity', default: 0 }) returnedQuantity!: number;
  @Column({ type: 'integer', name: 'unit_price' }) unitPrice!: number;
  @Column({ type: 'integer', name: 'original_unit_price' }) originalUnitPrice!: number;
  @Column({ type: 'integer', name: 'discount_percentage' }) discountPercentage!: number;
  @Column({ type: 'integer', name: 'line_total' }) lineTotal!: number;
  /** Why this price: the rules that priced the line (OrderPlaced schema 2, or upcast from 1). */
  @Column({ type: 'jsonb', name: 'price_rules' }) priceRules!: PriceRule[];

  @ManyToOne('OrderEntity', 'items', { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity;
}
