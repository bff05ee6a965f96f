import { Body, Controller, Get, HttpCode, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AdminUserState } from '#domain/admin/admin-user.decider.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import type { AdminPrincipal } from '../../auth/admin-token.service.js';
import { AdminUsersService } from '../../auth/admin-users.service.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { StaffReads } from '../../reads/staff.reads.js';
import { ChangeStaffRoleDto, CreateStaffMemberDto, ResetStaffPasswordDto } from './staff.dto.js';
import { StaffChangeView, StaffMemberView } from './staff-response.js';

/** Any text a login accepts could be an account's name (the first owner's comes from the environment). */
function accountName(param: string): string {
  const name = param.trim();
  if (name.length === 0 || name.length > 100) throw new NotFoundException('Staff member not found');
  return name;
}

function changed(state: AdminUserState): StaffChangeView {
  return { username: state.username, role: state.role ?? 'owner', disabled: state.disabled, mustChangePassword: state.mustChangePassword };
}

/** The owner's staff accounts; every change is an event in the member's stream naming the owner. */
@ApiTags('admin: staff')
@AdminOnly('staff.manage')
@Controller('admin/staff')
export class StaffController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly staff: StaffReads,
  ) {}

  @Get()
  @ReadsProjections('staff')
  @ApiOkResponse({ type: [StaffMemberView] })
  getStaff(): Promise<StaffMemberView[]> {
    return this.staff.list();
  }

  @Post()
  @ApiCreatedResponse({ type: StaffChangeView })
  async createStaffMember(@Body() dto: CreateStaffMemberDto, @CurrentAdmin() owner: AdminPrincipal): Promise<StaffChangeView> {
    return changed(await this.users.create(dto.username, dto.role, dto.password, owner.username));
  }

  @Patch(':username/role')
  @ApiOkResponse({ type: StaffChangeView })
  async changeStaffRole(@Param('username') username: string, @Body() dto: ChangeStaffRoleDto, @CurrentAdmin() owner: AdminPrincipal): Promise<StaffChangeView> {
    return changed(await this.users.changeRole(accountName(username), dto.role, owner.username));
  }

  /** Ends the member's sessions at once: their next request answers 401. */
  @Post(':username/disable')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffChangeView })
  async disableStaffMember(@Param('username') username: string, @CurrentAdmin() owner: AdminPrincipal): Promise<StaffChangeView> {
    return changed(await this.users.disable(accountName(username), owner.username));
  }

  @Post(':username/enable')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffChangeView })
  async enableStaffMember(@Param('username') username: string, @CurrentAdmin() owner: AdminPrincipal): Promise<StaffChangeView> {
    return changed(await this.users.enable(accountName(username), owner.username));
  }

  /** A new one-time password; the member's sessions end and they must change it at the next sign-in. */
  @Post(':username/password')
  @HttpCode(200)
  @ApiOkResponse({ type: StaffChangeView })
  async resetStaffPassword(@Param('username') username: string, @Body() dto: ResetStaffPasswordDto, @CurrentAdmin() owner: AdminPrincipal): Promise<StaffChangeView> {
    return changed(await this.users.resetPassword(accountName(username), dto.password, owner.username));
  }
}
