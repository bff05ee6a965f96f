import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { CustomerReads } from '../../reads/customers.reads.js';
import { parsePaging, parseSearch } from '../shared/paging.js';
import { CustomerPage } from './customer-response.js';
import { PagedList } from '../shared/paged-list.decorator.js';

@ApiTags('admin: customers')
@AdminOnly('customers.read')
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(private readonly customers: CustomerReads) {}

  /** page (1-based) and size (at most 200: the old admin's page=1&size=1000 is refused); optional search on name, phone, e-mail. */
  @Get()
  @PagedList('customers', CustomerPage, 'In name, phone or e-mail')
  getCustomers(@Query() query: Record<string, unknown>): Promise<CustomerPage> {
    return this.customers.page(parsePaging(query, 20), parseSearch(query));
  }
}
