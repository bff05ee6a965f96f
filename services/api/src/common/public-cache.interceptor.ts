import { Inject, Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { of, tap, type Observable } from 'rxjs';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from './tokens.js';

export const PUBLIC_CACHE = 'public-cache';

/**
 * Marks a public GET whose answer may be served from memory for a moment. Read models are already
 * eventually consistent, so a second more of staleness for anonymous catalogue reads trades
 * nothing visible for far fewer database round trips. X-Wait-For-Position always bypasses it.
 */
export const CachedPublicRead = () => SetMetadata(PUBLIC_CACHE, true);

const MAX_ENTRIES = 1000;

@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  private readonly entries = new Map<string, { at: number; body: unknown }>();
  private readonly ttlMs: number;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.publicCacheMs;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.ttlMs <= 0 || context.getType() !== 'http') return next.handle();
    if (!this.reflector.getAllAndOverride<boolean>(PUBLIC_CACHE, [context.getHandler(), context.getClass()])) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (req.method !== 'GET' || req.headers['x-wait-for-position']) return next.handle();
    const key = req.originalUrl;
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return of(hit.body);
    return next.handle().pipe(
      tap((body) => {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { at: Date.now(), body });
      }),
    );
  }
}
