import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, READ_SCHEMA } from './column-types.js';

/**
 * One row per order, kept by the couriers projection: its total and status, and once shipped with a
 * courier, the courier, the tracking number (a courier's file is matched by it) and what the
 * courier reported collecting, charging and paying. Amounts in piastres.
 */
@Entity({ schema: READ_SCHEMA, name: 'courier_parcels' })
@Index('courier_parcels_tracking_number_idx', ['trackingNumber'])
@Index('courier_parcels_courier_id_idx', ['courierId'])
export class CourierParcelEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  @Column({ type: 'text', name: 'order_number' }) orderNumber!: string;
  @Column({ type: 'bigint', transformer: bigintAsNumber }) total!: number;
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', name: 'courier_id', nullable: true }) courierId!: string | null;
  @Column({ type: 'text', name: 'tracking_number', nullable: true }) trackingNumber!: string | null;
  /** Null until the courier's file reports the parcel. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber }) collected!: number | null;
  @Column({ type: 'bigint', transformer: bigintAsNumber }) fee!: number;
  @Column({ type: 'boolean' }) paid!: boolean;
}
