import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError } from '#domain/shared/domain-error.js';
import { AdminOnly } from './admin-only.decorator.js';
import type { AdminPrincipal } from './admin-token.service.js';
import { CurrentAdmin } from './current-admin.decorator.js';
import { TOTP_CODE_RULE } from './dto/login.dto.js';
import { ConfirmTwoFactorDto, RecoveryCodesDto, TwoFactorEnrolmentDto, TwoFactorStatusDto } from './dto/two-factor.dto.js';
import { beginGuess } from './limited-guess.js';
import { LoginThrottle } from './login-rate-limiter.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * Setting up one's own second factor (TOTP), and an owner resetting another member's. Set-up is
 * open to a member who must enrol before anything else (permission session.self).
 */
@ApiTags('admin auth')
@Controller()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Get('admin/auth/two-factor')
  @AdminOnly('session.self')
  @ApiOkResponse({ type: TwoFactorStatusDto })
  async getTwoFactorStatus(@CurrentAdmin() admin: AdminPrincipal): Promise<TwoFactorStatusDto> {
    const [enrolled, recoveryCodesLeft] = await Promise.all([this.twoFactor.isEnrolled(admin.username), this.twoFactor.recoveryCodesLeft(admin.username)]);
    return { enrolled, required: this.twoFactor.requiredFor(admin.staffRole ?? 'owner'), recoveryCodesLeft };
  }

  /** A new secret (QR code and text); it counts only once confirmed with a code. */
  @Post('admin/auth/two-factor/setup')
  @HttpCode(200)
  @AdminOnly('session.self')
  @ApiOkResponse({ type: TwoFactorEnrolmentDto })
  beginTwoFactorSetup(@CurrentAdmin() admin: AdminPrincipal): Promise<TwoFactorEnrolmentDto> {
    return this.twoFactor.begin(admin.username);
  }

  /** The first code from the app turns the factor on; the ten recovery codes are answered this once. */
  @Post('admin/auth/two-factor/confirm')
  @HttpCode(200)
  @AdminOnly('session.self')
  @ApiOkResponse({ type: RecoveryCodesDto })
  async confirmTwoFactorSetup(
    @Body() body: ConfirmTwoFactorDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodesDto> {
    const attempt = beginGuess(this.throttle, admin.username, req, res);
    let recoveryCodes: string[] | undefined;
    try {
      recoveryCodes = await this.twoFactor.confirm(admin.username, body.code.replace(/\s/g, ''));
    } catch (error) {
      attempt.settle('refund');
      throw error;
    }
    attempt.settle(recoveryCodes ? 'success' : 'failure');
    if (!recoveryCodes) throw DomainError.validation('TOTP_CODE_WRONG', `That code is wrong: ${TOTP_CODE_RULE.toLowerCase()} now`, { code: 'That code is wrong' });
    return { recoveryCodes };
  }

  /** For a lost phone: the member's factor is removed and their sessions end; they set it up again at the next sign-in. */
  @Delete('admin/staff/:username/two-factor')
  @HttpCode(204)
  @AdminOnly('staff.manage')
  @ApiNoContentResponse({ description: 'The factor is gone; an event in the member’s stream names the owner' })
  async resetStaffTwoFactor(@Param('username') username: string, @CurrentAdmin() owner: AdminPrincipal): Promise<void> {
    const name = username.trim();
    if (name.length === 0 || name.length > 100) throw new NotFoundException('Staff member not found');
    await this.twoFactor.reset(name, owner.username);
  }
}
