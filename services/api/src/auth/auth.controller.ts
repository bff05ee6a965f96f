import { Body, Controller, HttpCode, HttpException, HttpStatus, Post, Req, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { setActor } from '../common/request-context.js';
import { ADMIN_SESSION_SECONDS, AdminTokenService } from './admin-token.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { LoginDto, LoginResponseDto } from './dto/login.dto.js';
import { AttemptLimiter } from './login-rate-limiter.js';

/** Both login paths of the spec; one behaviour. */
@ApiTags('admin auth')
@Controller()
export class AuthController {
  // Per IP: 30 failures a minute; per username: 10 failures per 15 minutes (a success resets it).
  private readonly perIp = new AttemptLimiter(30, 60_000);
  private readonly perUsername = new AttemptLimiter(10, 15 * 60_000);

  constructor(
    private readonly users: AdminUsersService,
    private readonly tokens: AdminTokenService,
  ) {}

  @Post(['admin/auth/login', 'admin/login'])
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  async login(@Body() body: LoginDto, @Req() req: Request): Promise<LoginResponseDto> {
    const username = body.username.trim();
    const ipKey = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const userKey = username.toLowerCase();
    if (this.perIp.blocked(ipKey) || this.perUsername.blocked(userKey)) {
      throw new HttpException('Too many login attempts. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    }
    const principal = await this.users.verify(username, body.password);
    if (!principal) {
      this.perIp.fail(ipKey);
      this.perUsername.fail(userKey);
      throw new UnauthorizedException('Invalid username or password');
    }
    this.perUsername.reset(userKey);
    setActor({ kind: 'admin', id: principal.username });
    return { token: this.tokens.sign(principal), username: principal.username, role: principal.role, expiresIn: ADMIN_SESSION_SECONDS };
  }
}
