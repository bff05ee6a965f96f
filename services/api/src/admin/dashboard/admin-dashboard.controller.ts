import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { DashboardReads } from '../../reads/dashboard.reads.js';
import { DashboardView } from './dashboard-response.js';

@ApiTags('admin: dashboard')
@AdminOnly('dashboard.read')
@Controller('admin/dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardReads) {}

  @Get()
  @ReadsProjections('dashboard', 'orders', 'customers', 'posters')
  @ApiOkResponse({ type: DashboardView })
  getDashboard(): Promise<DashboardView> {
    return this.dashboard.dashboard();
  }
}
