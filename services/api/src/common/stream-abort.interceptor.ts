import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';

/**
 * A streamed answer (CSV export) that fails after its status and first rows went out cannot
 * become an error response any more, and the exception filter leaves a response whose headers
 * were sent alone: the client would wait forever for the rest. Destroying the socket ends the
 * chunked body without its final chunk, which every HTTP client reports as an error.
 */
@Injectable()
export class StreamAbortInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (context.getType() === 'http') {
          const res = context.switchToHttp().getResponse<Response>();
          if (res.headersSent && !res.writableEnded) res.destroy();
        }
        return throwError(() => err);
      }),
    );
  }
}
