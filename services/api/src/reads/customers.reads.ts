import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CustomerCountEntity } from '#read-models/customer-count.entity.js';
import { CustomerEntity } from '#read-models/customer.entity.js';
import type { CustomerPage, CustomerView } from '../admin/customers/customer-response.js';
import { lowerLikePattern, maintainedCount, readPage, type Paging } from '../admin/shared/paging.js';

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

  /** Newest first; search on name, phone, e-mail. */
  async page(paging: Paging, search: string | undefined): Promise<CustomerPage> {
    const qb = this.dataSource.getRepository(CustomerEntity).createQueryBuilder('c');
    // The expression of customers_search_trgm_idx, character for character.
    if (search) qb.where("lower(c.first_name || ' ' || c.last_name || ' ' || c.phone || ' ' || coalesce(c.email, '')) LIKE :like", { like: lowerLikePattern(search) });
    const total = search ? undefined : await maintainedCount(this.dataSource, CustomerCountEntity);
    const { rows, info } = await readPage(qb.orderBy('c.createdAt', 'DESC').addOrderBy('c.phone', 'DESC'), paging, total);
    const data = rows.map(view);
    return { data, customers: data, items: data, ...info };
  }
}
