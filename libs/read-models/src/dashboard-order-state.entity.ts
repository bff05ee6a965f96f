import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MoneyFigures } from '#domain/money/figures.js';
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
  /** Goods after discounts (money/figures.ts goodsAfterDiscounts). */
  @Column({ type: 'integer' }) sales!: number;
  /** Goods returned (OrderReturned amounts): sales net of them. */
  @Column({ type: 'integer' }) returned!: number;
  /** Cash refunded (RefundRecorded amounts). */
  @Column({ type: 'integer' }) refunded!: number;
  /** COD or ONLINE, as placed. */
  @Column({ type: 'text', name: 'payment_method', default: 'COD' }) paymentMethod!: string;
  /** Fees the couriers' settlement files charged for its parcels (CourierCollectionRecorded). */
  @Column({ type: 'integer', name: 'courier_fee', default: 0 }) courierFee!: number;
  /** Its share of each money figure (orderMoney), what the days and governorates sum. */
  @Column({ type: 'jsonb', default: {} }) money!: MoneyFigures;
  /** The customer's governorate, for governorate_sales. */
  @Column({ type: 'text' }) governorate!: string;
}
