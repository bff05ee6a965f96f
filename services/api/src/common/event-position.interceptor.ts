import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { tap, type Observable } from 'rxjs';
import { formatPosition } from '#event-store/event-store.port.js';
import { currentContext } from './request-context.js';

/** Commands answer with X-Event-Position (the last event they appended), for read-your-writes. */
@Injectable()
export class EventPositionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap(() => {
        const position = currentContext().lastPosition;
        const res = context.switchToHttp().getResponse<Response>();
        if (position && !res.headersSent) res.setHeader('X-Event-Position', formatPosition(position));
      }),
    );
  }
}
