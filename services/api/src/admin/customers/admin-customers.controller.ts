import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { CustomerCountEntity } from '#read-models/customer-count.entity.js';
import { CustomerEntity } from '#read-models/customer.entity.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { lowerLikePattern, maintainedCount, parsePaging, parseSearch, readPage } from '../shared/paging.js';
import { CustomerPage, type CustomerView } from './customer-response.js';
import { PagedList } from '../shared/paged-list.decorator.js';

function view(c: CustomerEntity): CustomerView {
  return {
    id: c.phone,
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

@ApiTags('admin: customers')
@AdminOnly()
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(private readonly dataSource: DataSource) {}

  /** page (1-based) and size (the old admin asks page=1&size=1000); optional search on name, phone, e-mail. */
  @Get()
  @PagedList('customers', CustomerPage, 'In name, phone or e-mail')
  async getCustomers(@Query() query: Record<string, unknown>): Promise<CustomerPage> {
    const paging = parsePaging(query, { size: 20, max: 1000 });
    const search = parseSearch(query);
    const qb = this.dataSource.getRepository(CustomerEntity).createQueryBuilder('c');
    // The expression of customers_search_trgm_idx, character for character.
    if (search) qb.where("lower(c.first_name || ' ' || c.last_name || ' ' || c.phone || ' ' || coalesce(c.email, '')) LIKE :like", { like: lowerLikePattern(search) });
    const total = search ? undefined : await maintainedCount(this.dataSource, CustomerCountEntity);
    const { rows, info } = await readPage(qb.orderBy('c.createdAt', 'DESC').addOrderBy('c.phone', 'DESC'), paging, total);
    const data = rows.map(view);
    return { data, customers: data, items: data, ...info };
  }
}
