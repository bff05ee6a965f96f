import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UnstorableEvent, WrongExpectedRevision } from '#event-store/event-store.port.js';
import { SubjectKeyGone } from '#event-store/personal-data/personal-data-cipher.js';
import { OverBudget } from '../budgets/over-budget.error.js';
import { currentContext } from './request-context.js';
import { domainErrorStatus } from './domain-error-status.js';
import { fieldWording, isAdminPath } from '../admin/shared/field-wording.js';

/**
 * One error shape for the whole API: { statusCode, error, message }. Domain refusals keep their
 * message (the web shows it); anything unexpected is a bare 500 whose details stay in the log.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const { status, message, code, fieldErrors, params, retryAfterSeconds, field } = this.describe(exception);
    const path = (typeof http.getRequest === 'function' ? http.getRequest<Request | undefined>() : undefined)?.originalUrl?.split('?')[0];
    const wording = status < 500 && isAdminPath(path) ? fieldWording(message, field, fieldErrors) : undefined;
    if (code === UNAVAILABLE.code) {
      // An outage answers every request this way: one line each, not a stack per request.
      this.logger.warn({ requestId: currentContext().requestId, cause: connectionErrorSummary(exception) }, 'dependency unreachable: answered 503');
    } else if (status >= 500 && exception instanceof HttpException) {
      // A refusal the app chose (too many live streams, say): expected under load, so one warning
      // line each, naming why, with no stack: a stack per refused request buried the real errors.
      this.logger.warn({ requestId: currentContext().requestId, status, reason: message }, `refused: answered ${status}`);
    } else if (status >= 500) {
      this.logger.error({ err: exception, requestId: currentContext().requestId }, 'unhandled error');
    }
    if (res.headersSent) {
      // A streamed answer (CSV export) failed after its status and first rows went out: it cannot
      // become an error response any more. Destroying the socket ends the chunked body without its
      // final chunk, which every HTTP client reports as an error, instead of leaving it waiting.
      if (!res.writableEnded) res.destroy();
      return;
    }
    if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
    res.status(status).json({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, ...(code ? { code } : {}), ...(fieldErrors ? { fieldErrors } : {}), ...(params ? { params } : {}), ...(wording ? { wording } : {}) });
  }

  private describe(exception: unknown): {
    status: number;
    message: string;
    code?: string;
    fieldErrors?: Record<string, string>;
    params?: Record<string, string | number>;
    retryAfterSeconds?: number;
    field?: string;
  } {
    const domain = domainErrorStatus(exception);
    if (domain) return domain;
    if (isConnectionError(exception)) return UNAVAILABLE;
    if (exception instanceof OverBudget) return { status: 429, message: exception.message, code: exception.code, retryAfterSeconds: exception.retryAfterSeconds };
    if (exception instanceof WrongExpectedRevision) {
      return { status: 409, message: 'The resource was changed by another request. Please try again.', code: 'CONFLICT' };
    }
    if (exception instanceof SubjectKeyGone) {
      // A retried request whose person was erased meanwhile: their data is not written again.
      return { status: 410, message: "This customer's personal data was erased; the request cannot be completed.", code: 'SUBJECT_ERASED' };
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
      let field: string | undefined;
      if (typeof body === 'string') message = body;
      else if (body && typeof body === 'object' && 'message' in body) {
        const m = (body as { message: unknown }).message;
        message = Array.isArray(m) ? String(m[0] ?? exception.message) : String(m);
        const f = (body as { field?: unknown }).field;
        if (typeof f === 'string') field = f;
      }
      // An exception that knows when to come back (a full image queue) says so in Retry-After.
      const retryAfter = (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      return { status, message, ...(field ? { field } : {}), ...(typeof retryAfter === 'number' ? { retryAfterSeconds: retryAfter } : {}) };
    }
    const e = exception as { status?: unknown; statusCode?: unknown };
    const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
    if (status && status >= 400 && status < 500) return { status, message: STATUS_CODES[status] ?? 'Bad request' };
    return { status: 500, message: 'Internal server error' };
  }
}

/**
 * The database (event store or read models) cannot be reached: refused, cut, shutting down,
 * starting up, or no connection within the pool's timeout. Nothing about the request is wrong and
 * a retry a moment later may well succeed, so it is a 503 with Retry-After, never a 500.
 */
const UNAVAILABLE = {
  status: 503,
  message: 'The shop is temporarily unavailable (a service it depends on cannot be reached). Please try again in a few seconds.',
  code: 'SERVICE_UNAVAILABLE',
  retryAfterSeconds: 2,
} as const;

/** Socket-level failures of a connection to a server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** A connect to a Unix socket whose server is down: its socket file is gone (not any missing file). */
const isMissingSocket = (code: string, syscall: unknown) => code === 'ENOENT' && syscall === 'connect';
/**
 * SQLSTATEs that mean "the server, not the statement": class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now: a restart), 53300 (no free connection slot),
 * 57014 (cancelled by statement_timeout: a request's statements are short, so the server is stalled)
 * and 25P03 (a transaction left idle past idle_in_transaction_session_timeout was ended).
 */
const SERVER_GONE_STATES = /^(08...|57P0[123]|53300|57014|25P03)$/;
/** node-postgres says these in words only (no code): a socket that ended, a pool that timed out. */
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Query read timeout/;

export function isConnectionError(exception: unknown): boolean {
  return connectionErrorSummary(exception) !== undefined;
}

/** The link of the error chain (TypeORM's driverError, cause, AggregateError) that names the outage. */
function connectionErrorSummary(exception: unknown): string | undefined {
  type Link = { code?: unknown; syscall?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  const queue: unknown[] = [exception];
  for (let seen = 0; queue.length > 0 && seen < 8; seen++) {
    const e = queue.shift() as Link | undefined;
    if (!e || typeof e !== 'object') continue;
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (NETWORK_CODES.has(code) || isMissingSocket(code, e.syscall) || SERVER_GONE_STATES.test(code) || CONNECTION_MESSAGES.test(message)) return code ? `${code} ${message}` : message;
    queue.push(e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return undefined;
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
