import { Column, Entity, PrimaryColumn } from 'typeorm';
import { READ_SCHEMA } from './column-types.js';

/**
 * Every staff account the log knows and its role as of the projection's position: the staff
 * activity's filter lists them, and the projection takes from here the role an account event's
 * author held when they acted (account events record who, not in which role).
 */
@Entity({ schema: READ_SCHEMA, name: 'staff_activity_members' })
export class StaffActivityMemberEntity {
  @PrimaryColumn({ type: 'text' }) username!: string;
  @Column({ type: 'text' }) role!: string;
}
