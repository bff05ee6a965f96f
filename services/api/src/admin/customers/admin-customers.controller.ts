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

  /** page (1-based) and size (the old admin asks page=1&size=1000); optional search on name, phone, e-mail. */
  @Get()
  @PagedList('customers', CustomerPage, 'In name, phone or e-mail')
  getCustomers(@Query() query: Record<string, unknown>): Promise<CustomerPage> {
    return this.customers.page(parsePaging(query, { size: 20, max: 1000 }), parseSearch(query));
  }
}
