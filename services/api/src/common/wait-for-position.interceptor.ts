import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, switchMap, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { parsePosition, type Position } from '#event-store/event-store.port.js';
import { liveProjectionNames } from '#read-models/projector-state/checkpoints.js';
import { sqlClientOf } from '#read-models/projector-state/sql-client.js';
import { waitForPosition } from '#read-models/wait-for-position.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { READS_PROJECTIONS } from './reads-projections.decorator.js';
import { PositionTokens } from './position-token.js';
import { APP_CONFIG } from './tokens.js';

const LIVE_LIST_TTL_MS = 10_000;

/**
 * Queries sent with X-Wait-For-Position wait (≤ WAIT_FOR_POSITION_MS, 2 s by default) until the projections they read have
 * caught up with the caller's own write. After the timeout the query answers anyway: slightly
 * stale beats failing. The header holds what X-Event-Position gave: a raw position (admins) or
 * a sealed token (everyone else). Anything else, a token altered or sealed under another secret
 * included, is ignored rather than refused: it is only a hint, and the answer is the same, only
 * possibly a moment staler.
 */
@Injectable()
export class WaitForPositionInterceptor implements NestInterceptor {
  private live: { names: string[]; at: number } | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: PositionTokens,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const header = req.headers['x-wait-for-position'];
    const position = req.method === 'GET' && typeof header === 'string' ? (parsePosition(header) ?? this.tokens.open(header.trim())) : undefined;
    if (!position) return next.handle();
    const named = this.reflector.getAllAndOverride<string[] | undefined>(READS_PROJECTIONS, [context.getHandler(), context.getClass()]);
    return from(this.wait(position, named).catch(() => false)).pipe(switchMap(() => next.handle()));
  }

  private async wait(position: Position, named: string[] | undefined): Promise<boolean> {
    const names = named ?? (await this.liveProjections());
    return waitForPosition(this.dataSource, position, names, { timeoutMs: this.config.waitForPositionMs, failedCountsAsReached: true });
  }

  /** Every projection that has a live checkpoint (one not registered yet would never catch up). */
  private async liveProjections(): Promise<string[]> {
    if (this.live && Date.now() - this.live.at < LIVE_LIST_TTL_MS) return this.live.names;
    this.live = { names: await liveProjectionNames(sqlClientOf(this.dataSource)), at: Date.now() };
    return this.live.names;
  }
}
