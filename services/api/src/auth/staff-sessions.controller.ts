import { Controller, Delete, Get, HttpCode, NotFoundException, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '#domain/shared/domain-error.js';
import { AdminOnly } from './admin-only.decorator.js';
import type { AdminPrincipal } from './admin-token.service.js';
import { CurrentAdmin } from './current-admin.decorator.js';
import { StaffSessionDto } from './dto/sessions.dto.js';
import { StaffSessionsRepository, type StaffSessionView } from './staff-sessions.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_ID_RULE = 'sessionId must be a session id from the sessions list (a UUID)';

function sessionIdOf(param: string): string {
  if (!UUID.test(param)) throw DomainError.validation('SESSION_ID_INVALID', SESSION_ID_RULE, { sessionId: SESSION_ID_RULE });
  return param.toLowerCase();
}

/**
 * Sessions of staff (staff_auth.sessions): each member sees and ends their own; an owner sees and
 * ends everyone's. Ending one takes effect on that session's next request.
 */
@ApiTags('admin: sessions')
@Controller()
export class StaffSessionsController {
  constructor(private readonly sessions: StaffSessionsRepository) {}

  @Get('admin/sessions')
  @AdminOnly('session.self')
  @ApiOkResponse({ type: [StaffSessionDto] })
  async getOwnSessions(@CurrentAdmin() admin: AdminPrincipal): Promise<StaffSessionDto[]> {
    return marked(await this.sessions.listOpen(admin.username), admin);
  }

  @Delete('admin/sessions/:sessionId')
  @HttpCode(204)
  @AdminOnly('session.self')
  @ApiNoContentResponse({ description: 'The session’s next request answers 401' })
  async endOwnSession(@Param('sessionId') sessionId: string, @CurrentAdmin() admin: AdminPrincipal): Promise<void> {
    if (!(await this.sessions.end(sessionIdOf(sessionId), admin.username, admin.username))) throw new NotFoundException('No open session of yours has that id');
  }

  @Get('admin/staff-sessions')
  @AdminOnly('staff.manage')
  @ApiOkResponse({ type: [StaffSessionDto] })
  async getStaffSessions(@CurrentAdmin() admin: AdminPrincipal): Promise<StaffSessionDto[]> {
    return marked(await this.sessions.listOpen(), admin);
  }

  @Delete('admin/staff-sessions/:sessionId')
  @HttpCode(204)
  @AdminOnly('staff.manage')
  @ApiNoContentResponse({ description: 'The session’s next request answers 401' })
  async endStaffSession(@Param('sessionId') sessionId: string, @CurrentAdmin() admin: AdminPrincipal): Promise<void> {
    if (!(await this.sessions.end(sessionIdOf(sessionId), admin.username))) throw new NotFoundException('No open session has that id');
  }
}

function marked(sessions: StaffSessionView[], admin: AdminPrincipal): StaffSessionDto[] {
  return sessions.map((s) => ({ ...s, current: s.sessionId === admin.sessionId }));
}
