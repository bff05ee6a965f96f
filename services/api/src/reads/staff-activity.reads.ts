import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { asRecordedStaffRole as role } from '#domain/admin/staff-actor.js';
import { SHOP_TIME_ZONE } from '#domain/shop-config.js';
import { StaffActivityMemberEntity } from '#read-models/staff-activity-member.entity.js';
import { StaffActivityEntity } from '#read-models/staff-activity.entity.js';
import { readPage, type Paging } from '../admin/shared/paging.js';
import type { DateBound } from '../admin/shared/date-bounds.js';
import type { StaffActivityMemberView, StaffActivityPage } from '../admin/staff-activity/staff-activity-response.js';

export interface StaffActivityFilters {
  /** Only what this staff member did. */
  staff?: string;
  /** Inclusive; a date is the start of that shop day. */
  from?: DateBound;
  /** Inclusive; a date is to the end of that shop day. */
  to?: DateBound;
}

/** The staff activity (staff_activity and staff_activity_members, kept by the staff-activity projection). */
@Injectable()
export class StaffActivityReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first (time, then log order), one page; each filter is served by an index. */
  async page(filters: StaffActivityFilters, paging: Paging): Promise<StaffActivityPage> {
    const qb = this.dataSource.getRepository(StaffActivityEntity).createQueryBuilder('a');
    if (filters.staff !== undefined) qb.andWhere('a.actor = :staff', { staff: filters.staff });
    if (filters.from) {
      if ('date' in filters.from) qb.andWhere(`a.occurred_at >= ((:fromDate)::date)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`, { fromDate: filters.from.date });
      else qb.andWhere('a.occurred_at >= :fromInstant', { fromInstant: filters.from.instant });
    }
    if (filters.to) {
      if ('date' in filters.to) qb.andWhere(`a.occurred_at < ((:toDate)::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'`, { toDate: filters.to.date });
      else qb.andWhere('a.occurred_at <= :toInstant', { toInstant: filters.to.instant });
    }
    qb.orderBy('a.occurred_at', 'DESC').addOrderBy('a.commit_position', 'DESC').addOrderBy('a.prepare_position', 'DESC');
    const { rows, info } = await readPage(qb, paging);
    return {
      ...info,
      data: rows.map((r) => ({
        eventId: r.eventId,
        time: r.occurredAt.toISOString(),
        actor: r.actor,
        actorRole: role(r.actorRole),
        type: r.type,
        orderId: r.orderId,
        orderNumber: r.orderNumber,
        member: r.member,
        details: r.details,
      })),
    };
  }

  /** Every staff account the log knows, by username: a shop's staff is a handful of people. */
  async members(): Promise<StaffActivityMemberView[]> {
    const rows = await this.dataSource.getRepository(StaffActivityMemberEntity).find({ order: { username: 'ASC' } });
    return rows.map((r) => ({ username: r.username, role: role(r.role) }));
  }

  async isMember(username: string): Promise<boolean> {
    return this.dataSource.getRepository(StaffActivityMemberEntity).existsBy({ username });
  }
}
