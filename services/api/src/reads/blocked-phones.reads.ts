import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BlockedPhoneEntity } from '#read-models/blocked-phone.entity.js';
import type { BlockedPhonePage, BlockedPhoneView } from '../admin/order-screening/order-screening-response.js';
import { readPage, type Paging } from '../admin/shared/paging.js';

export function blockedPhoneView(b: BlockedPhoneEntity): BlockedPhoneView {
  return { id: b.subjectId, phone: b.phone, reason: b.reason, blockedBy: b.blockedBy, blockedByRole: b.blockedByRole, blockedAt: b.blockedAt.toISOString() };
}

/** The blocked-phone list (order-screening projection), most recently blocked first. */
@Injectable()
export class BlockedPhoneReads {
  constructor(private readonly dataSource: DataSource) {}

  async page(paging: Paging): Promise<BlockedPhonePage> {
    const qb = this.dataSource.getRepository(BlockedPhoneEntity).createQueryBuilder('b').orderBy('b.blockedAt', 'DESC').addOrderBy('b.subjectId', 'ASC');
    const { rows, info } = await readPage(qb, paging);
    return { data: rows.map(blockedPhoneView), ...info };
  }
}
