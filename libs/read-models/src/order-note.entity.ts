import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** Staff notes on orders (OrderNoteAdded), for the back-office only: no public route reads this table. */
@Entity({ schema: READ_SCHEMA, name: 'order_notes' })
@Index('order_notes_order_idx', ['orderId', 'createdAt'])
export class OrderNoteEntity {
  /** The OrderNoteAdded event's id, which is the note's id. */
  @PrimaryColumn({ type: 'text', name: 'note_id' }) noteId!: string;
  @Column({ type: 'text', name: 'order_id' }) orderId!: string;
  /** The staff member who wrote it, and their role then. */
  @Column({ type: 'text' }) author!: string;
  @Column({ type: 'text', name: 'author_role' }) authorRole!: string;
  /** Personal (free text about a person): "[erased]" once the order's shopper is erased. */
  @Column({ type: 'text' }) text!: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
