import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isStaffRole } from '#domain/admin/staff-permissions.js';
import { StaffMemberEntity } from '#read-models/staff-member.entity.js';
import type { StaffMemberView } from '../admin/staff/staff-response.js';

/** The staff list (staff_members, kept by the staff projection). */
@Injectable()
export class StaffReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Every account, by username: a shop's staff is a handful of people, never a page. */
  async list(): Promise<StaffMemberView[]> {
    const rows = await this.dataSource.getRepository(StaffMemberEntity).find({ order: { username: 'ASC' } });
    return rows.map((r) => ({
      username: r.username,
      role: isStaffRole(r.role) ? r.role : 'agent',
      disabled: r.disabled,
      mustChangePassword: r.mustChangePassword,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdBy,
      updatedAt: r.updatedAt.toISOString(),
      updatedBy: r.updatedBy,
    }));
  }
}
