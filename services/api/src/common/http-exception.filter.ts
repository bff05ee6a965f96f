import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { UnstorableEvent, WrongExpectedRevision } from '#event-store/event-store.port.js';
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
    if (res.headersSent) {
      // A streamed answer (CSV export) failed after its status and first rows went out: it cannot
      // become an error response any more. Destroying the socket ends the chunked body without its
      // final chunk, which every HTTP client reports as an error, instead of leaving it waiting.
      if (!res.writableEnded) res.destroy();
      return;
    }
    res.status(status).json({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, ...(code ? { code } : {}), ...(fieldErrors ? { fieldErrors } : {}) });
  }

  private describe(exception: unknown): { status: number; message: string; code?: string; fieldErrors?: Record<string, string> } {
    const domain = domainErrorStatus(exception);
    if (domain) return domain;
    if (exception instanceof WrongExpectedRevision) {
      return { status: 409, message: 'The resource was changed by another request. Please try again.', code: 'CONFLICT' };
    }
    if (exception instanceof UnstorableEvent) {
      // The log refused text no projection could apply: the client sent it, so it is a 400 naming
      // the field (event data paths are the request's own field names), never a 500.
      const field = exception.path.replace(/^data\.?/, '') || 'request';
      return { status: 400, message: `Text that cannot be stored (${exception.problem}) in ${field}`, code: 'UNSTORABLE_TEXT' };
    }
    const parserError = bodyParserMessage(exception);
    if (parserError) return parserError;
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
    const e = exception as { status?: unknown; statusCode?: unknown };
    const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
    if (status && status >= 400 && status < 500) return { status, message: STATUS_CODES[status] ?? 'Bad request' };
    return { status: 500, message: 'Internal server error' };
  }
}

/** body-parser's errors (malformed JSON, too large), possibly wrapped by Nest: a fixed message, no parser internals. */
function bodyParserMessage(exception: unknown): { status: number; message: string } | undefined {
  type ParserError = { type?: unknown; cause?: unknown; message?: unknown };
  for (let e = exception as ParserError | undefined, depth = 0; e && depth < 3; depth++) {
    const isJsonSyntax = e instanceof SyntaxError && /JSON/.test(String(e.message));
    if (e.type === 'entity.parse.failed' || isJsonSyntax) return { status: 400, message: 'Malformed JSON body' };
    if (e.type === 'entity.too.large') return { status: 413, message: 'Request body too large' };
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return { status: 415, message: 'Unsupported body encoding' };
    e = e.cause as typeof e;
  }
  return undefined;
}
