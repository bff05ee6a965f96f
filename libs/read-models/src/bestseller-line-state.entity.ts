import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Every poster line of every order, with whether the order is canceled now: the bestsellers projection's input. */
@Entity({ schema: READ_SCHEMA, name: 'bestseller_lines_state' })
@Index('bestseller_lines_state_poster_idx', ['posterId'])
export class BestsellerLineStateEntity {
  @PrimaryColumn({ type: 'text', name: 'order_id' }) orderId!: string;
  @PrimaryColumn({ type: 'integer', name: 'line_no' }) lineNo!: number;
  @Column({ type: 'text', name: 'poster_id' }) posterId!: string;
  @Column({ type: 'integer' }) quantity!: number;
  @Column({ type: 'boolean' }) canceled!: boolean;
}
