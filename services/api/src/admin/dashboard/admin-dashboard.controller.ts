import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { CourierReads } from '../../reads/couriers.reads.js';
import { DashboardReads } from '../../reads/dashboard.reads.js';
import { CourierCashView } from '../couriers/courier-response.js';
import { DashboardView } from './dashboard-response.js';

@ApiTags('admin: dashboard')
@AdminOnly('dashboard.read')
@Controller('admin/dashboard')
export class AdminDashboardController {
  constructor(
    private readonly dashboard: DashboardReads,
    private readonly couriers: CourierReads,
  ) {}

  @Get()
  @ReadsProjections('dashboard', 'orders', 'customers', 'posters')
  @ApiOkResponse({ type: DashboardView })
  getDashboard(): Promise<DashboardView> {
    return this.dashboard.dashboard();
  }

  /** Per courier: parcels out, delivered, refused, and the cash it owes, paid and charged. */
  @Get('couriers')
  @ReadsProjections('couriers')
  @ApiOkResponse({ type: [CourierCashView] })
  getCourierCash(): Promise<CourierCashView[]> {
    return this.couriers.cash();
  }
}
