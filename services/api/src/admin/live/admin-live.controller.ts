import { Controller, Get, HttpException, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '#platform/config/app-config.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { AdminSessionsService } from '../../auth/admin-sessions.service.js';
import { ADMIN_SESSION_SECONDS, type AdminPrincipal } from '../../auth/admin-token.service.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { StaffSessionsRepository } from '../../auth/staff-sessions.repository.js';
import { APP_CONFIG } from '../../common/tokens.js';
import { LiveFeed } from './live-feed.js';

/** How long a browser waits before reconnecting after the stream ends (the `retry:` field). */
const RECONNECT_MS = 2000;

/**
 * Server-sent events for the open back-office tabs: `change` names the projections whose read
 * models changed (the web refetches what it shows from them), a comment line is the heartbeat.
 * Written to the Express response directly: nothing in the chain buffers it (no compression
 * middleware; `no-transform` and `X-Accel-Buffering: no` keep proxies such as compose's nginx
 * from doing so).
 */
// Not in the OpenAPI document: a stream the generated client cannot call (the web reads it in
// live-updates.ts), and a request fuzzer would wait on it forever.
@ApiExcludeController()
@AdminOnly('live.read')
@Controller('admin/live')
export class AdminLiveController {
  constructor(
    private readonly feed: LiveFeed,
    private readonly sessions: AdminSessionsService,
    private readonly signIns: StaffSessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `ready` once, then `change` events with data {"projections":[...]}, and a comment line every
   * LIVE_HEARTBEAT_MS; 503 with Retry-After past LIVE_MAX_CONNECTIONS open streams.
   */
  @Get()
  stream(@CurrentAdmin() admin: AdminPrincipal, @Req() req: Request, @Res() res: Response): void {
    if (this.feed.size >= this.config.live.maxConnections) {
      res.setHeader('Retry-After', '30');
      throw new HttpException('Too many live connections to this server; live updates will retry shortly', HttpStatus.SERVICE_UNAVAILABLE);
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    res.write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: {}\n\n`);

    const unsubscribe = this.feed.subscribe((projections) => res.write(`event: change\ndata: ${JSON.stringify({ projections })}\n\n`));
    const heartbeat = setInterval(() => void this.beat(admin, res, close), this.config.live.heartbeatMs);
    // The stream lives no longer than a token: the browser then reconnects with its current one,
    // so a tab left open does not outlive a session that ended by inactivity.
    const lifetime = setTimeout(() => close(), ADMIN_SESSION_SECONDS * 1000);
    let closed = false;
    function close(): void {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      res.end();
    }
    req.on('close', close);
    res.on('error', close);
  }

  /** The heartbeat, and a logout, password change, disabled account or ended session ends this stream as it ends the token. */
  private async beat(admin: AdminPrincipal, res: Response, close: () => void): Promise<void> {
    const session = await this.sessions.current(admin.username).catch(() => undefined);
    if (session && (!session.exists || session.disabled || session.generation !== (admin.sessionGeneration ?? 0))) return close();
    const signIn = admin.sessionId ? await this.signIns.check(admin.sessionId).catch(() => null) : undefined;
    if (signIn !== null && (!signIn || signIn.ended)) return close();
    res.write(': heartbeat\n\n');
  }
}
