import { Body, Controller, HttpCode, HttpException, HttpStatus, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { setActor } from '../common/request-context.js';
import { ADMIN_SESSION_SECONDS, AdminTokenService } from './admin-token.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { LoginDto, LoginResponseDto } from './dto/login.dto.js';
import { defaultLoginThrottle } from './login-rate-limiter.js';

/** Both login paths of the spec; one behaviour. */
@ApiTags('admin auth')
@Controller()
export class AuthController {
  private readonly throttle = defaultLoginThrottle();

  constructor(
    private readonly users: AdminUsersService,
    private readonly tokens: AdminTokenService,
  ) {}

  @Post(['admin/auth/login', 'admin/login'])
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponseDto> {
    const username = body.username.trim();
    // req.ip is the socket's address unless TRUST_PROXY names the proxies allowed to say otherwise.
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const attempt = this.throttle.begin(username, client);
    if (!attempt.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
      throw new HttpException('Too many login attempts. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    }
    let principal;
    try {
      principal = await this.users.verify(username, body.password);
    } catch (error) {
      attempt.settle('refund'); // the check itself failed (database down): not a guess
      throw error;
    }
    attempt.settle(principal ? 'success' : 'failure');
    if (!principal) throw new UnauthorizedException('Invalid username or password');
    setActor({ kind: 'admin', id: principal.username });
    return { token: this.tokens.sign(principal), username: principal.username, role: principal.role, expiresIn: ADMIN_SESSION_SECONDS };
  }
}
