import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** At most one row (id = 1) once an announcement was ever set. */
@Entity({ schema: READ_SCHEMA, name: 'announcements' })
export class AnnouncementEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  /** The default (English) text and the Arabic one; '' where there is none. */
  @Column({ type: 'text' }) text!: string;
  @Column({ type: 'text', name: 'text_ar' }) textAr!: string;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @Column({ type: 'text', name: 'updated_by', nullable: true }) updatedBy!: string | null;
}
