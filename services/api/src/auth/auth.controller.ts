import { Body, Controller, ForbiddenException, HttpCode, HttpException, HttpStatus, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError } from '#domain/shared/domain-error.js';
import { setActor } from '../common/request-context.js';
import { AdminOnly } from './admin-only.decorator.js';
import { AdminSessionsService } from './admin-sessions.service.js';
import { ADMIN_SESSION_SECONDS, AdminTokenService, type AdminPrincipal } from './admin-token.service.js';
import { AdminUsersService, type VerifiedAdmin } from './admin-users.service.js';
import { RENEWED_TOKEN_HEADER } from './admin.guard.js';
import { CurrentAdmin } from './current-admin.decorator.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { LoginDto, LoginResponseDto } from './dto/login.dto.js';
import { defaultLoginThrottle, type Attempt } from './login-rate-limiter.js';

/** Both login paths (the public contract names two); one behaviour. Logout and password change end every session of the admin. */
@ApiTags('admin auth')
@Controller()
export class AuthController {
  private readonly throttle = defaultLoginThrottle();

  constructor(
    private readonly users: AdminUsersService,
    private readonly tokens: AdminTokenService,
    private readonly sessions: AdminSessionsService,
  ) {}

  @Post(['admin/auth/login', 'admin/login'])
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponseDto> {
    const username = body.username.trim();
    const verified = await this.checkPassword(username, body.password, req, res);
    if (!verified) throw new UnauthorizedException('Invalid username or password');
    // Only after the right password: a disabled account is told so, a guess learns nothing.
    if (verified.disabled) throw new ForbiddenException('This account is disabled; ask the shop owner');
    setActor({ kind: 'admin', id: verified.principal.username });
    return this.session(verified.principal, verified.mustChangePassword);
  }

  /** Ends every token of the signed-in admin, on every device and API replica. */
  @Post(['admin/auth/logout', 'admin/logout'])
  @HttpCode(204)
  @AdminOnly('session.self')
  @ApiNoContentResponse({ description: 'Every token of this admin now answers 401' })
  async logout(@CurrentAdmin() admin: AdminPrincipal, @Res({ passthrough: true }) res: Response): Promise<void> {
    // The guard already renewed the token it checked: that copy must not reach the client.
    res.removeHeader(RENEWED_TOKEN_HEADER);
    await this.sessions.revoke(admin.username);
  }

  /**
   * Changes the password and ends every other session; the caller gets a token of the new
   * session, so the person who changed it stays signed in and nobody else does.
   */
  @Post('admin/auth/password')
  @HttpCode(200)
  @AdminOnly('session.self')
  @ApiOkResponse({ type: LoginResponseDto })
  async changePassword(
    @CurrentAdmin() admin: AdminPrincipal,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponseDto> {
    res.removeHeader(RENEWED_TOKEN_HEADER);
    // The current password is a guess like any login: a stolen token must not make it a free oracle.
    const checked = await this.checkPassword(admin.username, body.currentPassword, req, res);
    if (!checked) throw new UnauthorizedException('Current password is wrong');
    // A one-time password another person chose (or anyone who saw it) must not stay the password.
    if (body.newPassword === body.currentPassword) {
      throw DomainError.validation('PASSWORD_REUSED', 'New password must differ from the current one', { newPassword: 'New password must differ from the current one' });
    }
    return this.session(await this.users.changePassword(admin.username, body.newPassword), false);
  }

  private async checkPassword(username: string, password: string, req: Request, res: Response): Promise<VerifiedAdmin | undefined> {
    // req.ip is the socket's address unless TRUST_PROXY names the proxies allowed to say otherwise.
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const attempt: Attempt = this.throttle.begin(username, client);
    if (!attempt.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
      throw new HttpException('Too many login attempts. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    }
    let principal;
    try {
      principal = await this.users.verify(username, password);
    } catch (error) {
      attempt.settle('refund'); // the check itself failed (database down): not a guess
      throw error;
    }
    attempt.settle(principal ? 'success' : 'failure');
    return principal;
  }

  private session(principal: AdminPrincipal, mustChangePassword: boolean): LoginResponseDto {
    return {
      token: this.tokens.sign(principal),
      username: principal.username,
      role: principal.role,
      expiresIn: ADMIN_SESSION_SECONDS,
      staffRole: principal.staffRole ?? 'owner',
      mustChangePassword,
    };
  }
}
