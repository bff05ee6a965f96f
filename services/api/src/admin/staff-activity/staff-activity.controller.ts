import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { StaffActivityReads } from '../../reads/staff-activity.reads.js';
import { parsePaging } from '../shared/paging.js';
import { parseStaffActivityFilters } from './staff-activity-filters.js';
import { StaffActivityMemberView, StaffActivityPage } from './staff-activity-response.js';

/** The owner's view of what each staff member did: account events and order changes, newest first. */
@ApiTags('admin: staff')
@AdminOnly('staff.activity')
@Controller('admin/staff-activity')
export class StaffActivityController {
  constructor(private readonly activity: StaffActivityReads) {}

  @Get()
  @ReadsProjections('staff-activity')
  @ApiQuery({ name: 'staff', required: false, type: String, description: "A staff member's username: only what they did" })
  @ApiQuery({ name: 'from', required: false, type: String, description: 'YYYY-MM-DD (a shop day) or an ISO instant, inclusive' })
  @ApiQuery({ name: 'to', required: false, type: String, description: 'YYYY-MM-DD, inclusive to the end of that day, or an ISO instant' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'size', required: false, type: Number, description: '1 to 200, default 50' })
  @ApiOkResponse({ type: StaffActivityPage })
  async getStaffActivity(@Query() query: Record<string, unknown>): Promise<StaffActivityPage> {
    const filters = parseStaffActivityFilters(query);
    const paging = parsePaging(query, 50);
    if (filters.staff !== undefined && !(await this.activity.isMember(filters.staff))) {
      throw new BadRequestException(`staff: no staff member is named ${JSON.stringify(filters.staff)}`);
    }
    return this.activity.page(filters, paging);
  }

  /** The accounts the activity can be filtered by. */
  @Get('members')
  @ReadsProjections('staff-activity')
  @ApiOkResponse({ type: [StaffActivityMemberView] })
  getStaffActivityMembers(): Promise<StaffActivityMemberView[]> {
    return this.activity.members();
  }
}
