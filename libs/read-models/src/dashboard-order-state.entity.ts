import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Each order's Cairo day, governorate, current status and amounts: the dashboard projection recomputes days and governorates from these. */
@Entity({ schema: READ_SCHEMA, name: 'dashboard_orders_state' })
@Index('dashboard_orders_state_day_idx', ['day'])
export class DashboardOrderStateEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  /** 'YYYY-MM-DD'. */
  @Column({ type: 'date' }) day!: string;
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'integer' }) total!: number;
  @Column({ type: 'integer' }) subtotal!: number;
  /** Goods after discounts (revenue.ts goodsAfterDiscounts). */
  @Column({ type: 'integer' }) sales!: number;
  /** Goods returned (OrderReturned amounts): sales net of them. */
  @Column({ type: 'integer' }) returned!: number;
  /** Cash refunded (RefundRecorded amounts): collected net of them. */
  @Column({ type: 'integer' }) refunded!: number;
  /** The customer's governorate, for governorate_sales. */
  @Column({ type: 'text' }) governorate!: string;
}
