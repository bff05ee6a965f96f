import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** The shop's couriers as they are now, kept by the couriers projection. */
@Entity({ schema: READ_SCHEMA, name: 'couriers' })
export class CourierEntity {
  @PrimaryColumn({ type: 'text', name: 'courier_id' }) courierId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', name: 'tracking_url_template', nullable: true }) trackingUrlTemplate!: string | null;
}
