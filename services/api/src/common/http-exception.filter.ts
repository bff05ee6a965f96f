import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { WrongExpectedRevision } from '#event-store/event-store.port.js';
import { currentContext } from './request-context.js';
import { domainErrorStatus } from './domain-error-status.js';

/**
 * One error shape for the whole API: { statusCode, error, message }. Domain refusals keep their
 * message (the web shows it); anything unexpected is a bare 500 whose details stay in the log.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message, code, fieldErrors } = this.describe(exception);
    if (status >= 500) {
      this.logger.error({ err: exception, requestId: currentContext().requestId }, 'unhandled error');
    }
    if (res.headersSent) return;
    res.status(status).json({ statusCode: status, error: HttpStatus[status] ?? 'Error', message, ...(code ? { code } : {}), ...(fieldErrors ? { fieldErrors } : {}) });
  }

  private describe(exception: unknown): { status: number; message: string; code?: string; fieldErrors?: Record<string, string> } {
    const domain = domainErrorStatus(exception);
    if (domain) return domain;
    if (exception instanceof WrongExpectedRevision) {
      return { status: 409, message: 'The resource was changed by another request. Please try again.', code: 'CONFLICT' };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      let message = exception.message;
      if (typeof body === 'string') message = body;
      else if (body && typeof body === 'object' && 'message' in body) {
        const m = (body as { message: unknown }).message;
        message = Array.isArray(m) ? String(m[0] ?? exception.message) : String(m);
      }
      return { status, message };
    }
    // body-parser errors (malformed JSON, too large) carry an HTTP status of their own.
    const e = exception as { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown };
    const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      const message = e.type === 'entity.too.large' ? 'Request body too large' : e.type === 'entity.parse.failed' ? 'Malformed JSON body' : 'Bad request';
      return { status, message };
    }
    return { status: 500, message: 'Internal server error' };
  }
}
