import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Customers keyed by data subject (docs/adr/012); name, phone and address from their latest order. */
@Entity({ schema: READ_SCHEMA, name: 'customers' })
@Index('customers_created_at_phone_idx', ['createdAt', 'phone'])
@Index('customers_phone_idx', ['phone'])
export class CustomerEntity {
  @Column({ type: 'text' }) phone!: string;
  @Column({ type: 'text', name: 'first_name' }) firstName!: string;
  @Column({ type: 'text', name: 'last_name' }) lastName!: string;
  /** Latest e-mail given, kept when a later order gives none. */
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text', name: 'address_line' }) addressLine!: string;
  @Column({ type: 'text' }) building!: string;
  @Column({ type: 'text' }) apartment!: string;
  @Column({ type: 'text' }) city!: string;
  @Column({ type: 'text' }) governorate!: string;
  /** First order's time. */
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'last_order_at' }) lastOrderAt!: Date;
  @Column({ type: 'text', name: 'last_order_id' }) lastOrderId!: string;
  @Column({ type: 'integer', name: 'order_count' }) orderCount!: number;
  @PrimaryColumn({ type: 'text', name: 'subject_id' }) subjectId!: string;
  /** Names, phone and e-mail folded by foldForSearch: what the admin's search matches; personal like them. */
  @Column({ type: 'text', name: 'search_text' }) searchText!: string;
}
