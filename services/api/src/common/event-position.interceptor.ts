import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { tap, type Observable } from 'rxjs';
import { formatPosition } from '#event-store/event-store.port.js';
import { PositionTokens } from './position-token.js';
import { currentContext } from './request-context.js';
import { WITHOUT_EVENT_POSITION } from './without-event-position.decorator.js';

/**
 * Commands answer with X-Event-Position (the last event they appended), for read-your-writes:
 * the raw log position to an admin (the back-office shows positions), an opaque token to
 * everyone else (see position-token.ts). Either comes back unchanged in X-Wait-For-Position.
 */
@Injectable()
export class EventPositionInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: PositionTokens,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const silent = this.reflector.getAllAndOverride<boolean | undefined>(WITHOUT_EVENT_POSITION, [context.getHandler(), context.getClass()]);
    if (silent) return next.handle();
    return next.handle().pipe(
      tap(() => {
        const { lastPosition: position, actor } = currentContext();
        const res = context.switchToHttp().getResponse<Response>();
        if (!position || res.headersSent) return;
        res.setHeader('X-Event-Position', actor.kind === 'admin' ? formatPosition(position) : this.tokens.seal(position));
      }),
    );
  }
}
