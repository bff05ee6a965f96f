import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/** The staff list: one row per account (no password hashes: those stay in each member's stream). */
@Entity({ schema: READ_SCHEMA, name: 'staff_members' })
export class StaffMemberEntity {
  @PrimaryColumn({ type: 'text' }) username!: string;
  @Column({ type: 'text' }) role!: string;
  @Column({ type: 'boolean' }) disabled!: boolean;
  @Column({ type: 'boolean', name: 'must_change_password' }) mustChangePassword!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'text', name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @Column({ type: 'text', name: 'updated_by', nullable: true }) updatedBy!: string | null;
}
