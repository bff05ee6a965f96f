import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CustomerCountEntity } from '#read-models/customer-count.entity.js';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { CustomerEntity } from '#read-models/customer.entity.js';
import type { CustomerPage, CustomerView } from '../admin/customers/customer-response.js';
import { foldedLikePattern, maintainedCount, readPage, type Paging } from '../admin/shared/paging.js';

function view(c: CustomerEntity): CustomerView {
  return {
    id: c.subjectId,
    subjectId: c.subjectId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    addressLine: c.addressLine,
    building: c.building,
    apartment: c.apartment,
    city: c.city,
    governorate: c.governorate,
    createdAt: c.createdAt,
    lastOrderAt: c.lastOrderAt,
    orderCount: c.orderCount,
  };
}

/** The customers read model (one row per phone). */
@Injectable()
export class CustomerReads {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first; search on names, phone, e-mail, folded (foldForSearch), a phone in any form checkout accepts. */
  async page(paging: Paging, search: string | undefined): Promise<CustomerPage> {
    const qb = this.dataSource.getRepository(CustomerEntity).createQueryBuilder('c');
    // The column of customers_search_trgm_idx; a phone (+20…, ٠١٠…, with spaces) as checkout stored it.
    if (search) qb.where('c.search_text LIKE :like', { like: foldedLikePattern(normaliseEgyptianPhone(search) ?? search) });
    const total = search ? undefined : await maintainedCount(this.dataSource, CustomerCountEntity);
    const { rows, info } = await readPage(qb.orderBy('c.createdAt', 'DESC').addOrderBy('c.phone', 'DESC'), paging, total);
    const data = rows.map(view);
    return { data, customers: data, items: data, ...info };
  }
}
