import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Price of a custom poster per size (piastres); sizes never set have no row. */
@Entity({ schema: READ_SCHEMA, name: 'custom_prices' })
export class CustomPriceEntity {
  @PrimaryColumn({ type: 'text' }) size!: string;
  @Column({ type: 'integer' }) price!: number;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
