import type { LoggerService } from '@nestjs/common';
import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { errorForLog, loggerOptions } from '#platform/logging/logger.js';
import { currentRequestId } from './request-context.js';

/**
 * One pino logger for the API: the access line of every request (pino-http) and every Nest
 * `Logger` call. Lines logged while a request runs carry its `requestId` (read from the request
 * context, so no logger has to be threaded through), which is what lets one grep follow a request.
 */
export function createApiLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({
    ...loggerOptions(level, 'api'),
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  // Written asynchronously (pino flushes it when the process exits): a write per request costs the
  // event loop a system call each, where these coalesce under load.
  }, destination ?? pino.destination({ dest: 1, sync: false }));
}

const QUIET_URLS = new Set(['/api/health', '/api/metrics']);

type LoggedRequest = { id?: string; method: string; url: string; originalUrl?: string };

/** A query key that names a field (search, page); anything else may itself be a value. */
const QUERY_KEY = /^[A-Za-z_][A-Za-z0-9_.\[\]-]{0,39}$/;

/**
 * A URL as the log keeps it: the path and the query's keys, never a query's values, since a value
 * may be what an admin searched for (a phone, a name): `/api/admin/orders?search=[redacted]`.
 */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&').filter(Boolean);
  const keys = pairs.map((pair) => {
    const key = pair.split('=')[0];
    return QUERY_KEY.test(key) ? `${key}=[redacted]` : '[redacted]';
  });
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

/**
 * The access log of `/api`: one line per finished request, its method, URL (query values
 * redacted: urlForLog) and status; never headers (tokens, cookies) nor bodies (a checkout's name,
 * phone and address, a tracking lookup's phone). Mounted under `/api`, so `req.url` is relative:
 * log `originalUrl`.
 */
export function httpLogMiddleware(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    // The id chosen by requestContextMiddleware (an incoming X-Request-Id or a UUID).
    genReqId: (req) => (req as { id?: string }).id ?? 'unknown',
    autoLogging: { ignore: (req) => QUIET_URLS.has((req as LoggedRequest).originalUrl ?? req.url ?? '') },
    serializers: {
      req: (req: LoggedRequest) => ({ id: req.id, method: req.method, url: urlForLog(req.originalUrl ?? req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (error: unknown) => errorForLog(error),
    },
  });
}

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/** Nest's logger interface over pino: `context` is the Nest class name, an Error keeps its stack. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void { this.write('info', message, rest); }
  error(message: unknown, ...rest: unknown[]): void { this.write('error', message, rest); }
  warn(message: unknown, ...rest: unknown[]): void { this.write('warn', message, rest); }
  debug(message: unknown, ...rest: unknown[]): void { this.write('debug', message, rest); }
  verbose(message: unknown, ...rest: unknown[]): void { this.write('trace', message, rest); }
  fatal(message: unknown, ...rest: unknown[]): void { this.write('fatal', message, rest); }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    // Nest passes the context last; error() may pass a stack string before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = level === 'error' && rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message });
    else this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}
