import { Body, Controller, ForbiddenException, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
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
import { LoginDto, LoginResponseDto, SecondFactorLoginDto } from './dto/login.dto.js';
import { DeviceCookies } from './device-cookies.js';
import { deviceFromUserAgent } from './device-from-user-agent.js';
import { beginGuess, clientOf } from './limited-guess.js';
import { LoginThrottle, type Outcome } from './login-rate-limiter.js';
import { SecondFactorGuesses } from './second-factor-guesses.js';
import { StaffSessionsRepository } from './staff-sessions.repository.js';
import { TwoFactorService } from './two-factor.service.js';

/** A 401 that names the field that was wrong (the exception filter reads DomainError's shape). */
function refusedFactor(code: string, field: string, message: string): Error {
  return Object.assign(new Error(message), { name: 'DomainError', kind: 'unauthorized', code, fieldErrors: { [field]: message } });
}

/**
 * Both login paths (the public contract names two); one behaviour. Logout and password change end
 * every session of the admin. A member with a second factor gets a challenge instead of a token,
 * exchanged with a code (or a recovery code) at login/two-factor; codes have their own count
 * (SecondFactorGuesses), which no right password forgives. A completed sign-in makes the device
 * trusted (DeviceCookies): its wrong passwords count apart from everyone else's.
 */
@ApiTags('admin auth')
@Controller()
export class AuthController {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly users: AdminUsersService,
    private readonly tokens: AdminTokenService,
    private readonly sessions: AdminSessionsService,
    private readonly signIns: StaffSessionsRepository,
    private readonly twoFactor: TwoFactorService,
    private readonly factorGuesses: SecondFactorGuesses,
    private readonly devices: DeviceCookies,
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
    const { principal } = verified;
    if (await this.twoFactor.isEnrolled(principal.username)) {
      return {
        username: principal.username,
        role: principal.role,
        expiresIn: 0,
        staffRole: principal.staffRole ?? 'owner',
        mustChangePassword: verified.mustChangePassword,
        twoFactorRequired: true,
        challenge: this.tokens.signChallenge({ username: principal.username, sessionGeneration: principal.sessionGeneration ?? 0 }),
        mustEnrolTwoFactor: false,
      };
    }
    const mustEnrol = this.twoFactor.requiredFor(principal.staffRole ?? 'owner');
    return this.session(await this.open(principal, req, res, mustEnrol), verified.mustChangePassword, mustEnrol);
  }

  /** The second step of a sign-in: a code from the app, or a recovery code (each used once). */
  @Post('admin/auth/login/two-factor')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  async loginWithSecondFactor(@Body() body: SecondFactorLoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponseDto> {
    const code = body.code?.replace(/\s/g, '');
    if ((code === undefined) === (body.recoveryCode === undefined)) {
      const rule = 'Give either the code from your authenticator app or one recovery code';
      throw DomainError.validation('SECOND_FACTOR_REQUIRED', rule, { code: rule });
    }
    const challenge = this.tokens.verifyChallenge(body.challenge);
    if (!challenge) throw DomainError.validation('CHALLENGE_INVALID', 'The sign-in expired; enter your password again', { challenge: 'The sign-in expired; enter your password again' });
    // Checked before a code is spent: a logout, a new password or a disabled account since the password step ends this sign-in.
    const state = await this.sessions.current(challenge.username);
    if (!state.exists || state.generation !== challenge.sessionGeneration) throw new UnauthorizedException('The sign-in expired; enter your password again');
    if (state.disabled) throw new ForbiddenException('This account is disabled; ask the shop owner');
    const guess = await this.factorGuesses.begin(challenge.username, body.challenge, res);
    let ok: boolean;
    try {
      ok = await this.twoFactor.verify(challenge.username, { code, recoveryCode: body.recoveryCode });
    } catch (error) {
      await guess.settle('unchecked');
      throw error;
    }
    await guess.settle(ok ? 'right' : 'wrong');
    if (!ok) {
      const field = code !== undefined ? 'code' : 'recoveryCode';
      const message = code !== undefined ? 'That code is wrong or was already used; wait for the next one' : 'That recovery code is wrong or was already used';
      throw refusedFactor(field === 'code' ? 'TOTP_CODE_WRONG' : 'RECOVERY_CODE_WRONG', field, message);
    }
    setActor({ kind: 'admin', id: challenge.username });
    const principal: AdminPrincipal = { username: challenge.username, role: 'ADMIN', staffRole: state.role, sessionGeneration: state.generation };
    return this.session(await this.open(principal, req, res, false), state.mustChangePassword, false);
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
    await this.signIns.endAllOf(admin.username, admin.username);
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
    const session = await this.signIns.check(admin.sessionId ?? '');
    const changed = await this.users.changePassword(admin.username, body.newPassword, admin.sessionId);
    return this.session(changed, false, session?.mustEnrolTwoFactor ?? false);
  }

  /** A completed sign-in: its session row, and the device's cookie that makes it trusted. */
  private async open(principal: AdminPrincipal, req: Request, res: Response, mustEnrolTwoFactor: boolean): Promise<AdminPrincipal> {
    const sessionId = await this.signIns.open(principal.username, deviceFromUserAgent(req.headers['user-agent']), clientOf(req), mustEnrolTwoFactor);
    this.devices.issue(principal.username, req, res);
    return { ...principal, sessionId };
  }

  private async checkPassword(username: string, password: string, req: Request, res: Response): Promise<VerifiedAdmin | undefined> {
    const settle = await this.beginPasswordGuess(username, req, res);
    let principal;
    try {
      principal = await this.users.verify(username, password);
    } catch (error) {
      await settle('refund'); // the check itself failed (database down): not a guess
      throw error;
    }
    await settle(principal ? 'success' : 'failure');
    return principal;
  }

  /** A trusted device's guess counts against that device only; any other against the account's and the address's limits. */
  private async beginPasswordGuess(username: string, req: Request, res: Response): Promise<(outcome: Outcome) => void | Promise<void>> {
    const device = this.devices.presented(req, username);
    const onDevice = device && (await this.devices.begin(device, req, res));
    return onDevice ? onDevice.settle : beginGuess(this.throttle, username, req, res).settle;
  }

  private session(principal: AdminPrincipal, mustChangePassword: boolean, mustEnrolTwoFactor: boolean): LoginResponseDto {
    return {
      token: this.tokens.sign(principal),
      username: principal.username,
      role: principal.role,
      expiresIn: ADMIN_SESSION_SECONDS,
      staffRole: principal.staffRole ?? 'owner',
      mustChangePassword,
      twoFactorRequired: false,
      mustEnrolTwoFactor,
    };
  }
}
