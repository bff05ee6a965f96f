import pino, { type Logger, type LoggerOptions } from 'pino';

type SerializedError = { type?: string; message?: string; stack?: string; code?: unknown; cause?: SerializedError };

/**
 * An error in the log is its type, code, message and stack, and the same of its cause: never the
 * rest of what a driver hangs on it (PostgreSQL's detail, TypeORM's query and parameters), which
 * carries the request's values, and with them a shopper's phone or address.
 */
export function errorForLog(error: unknown, depth = 0): SerializedError | undefined {
  if (error === undefined || error === null) return undefined;
  // pino-http hands its error serializer pino's own serialization of the error: a plain object.
  if (typeof error !== 'object') return { message: typeof error === 'string' ? error : typeof error };
  const e = error as { type?: unknown; name?: unknown; message?: unknown; stack?: unknown; code?: unknown; cause?: unknown };
  const type = error instanceof Error ? error.constructor?.name ?? error.name : typeof e.type === 'string' ? e.type : typeof e.name === 'string' ? e.name : undefined;
  const cause = depth < 3 ? errorForLog(e.cause, depth + 1) : undefined;
  return {
    ...(type ? { type } : {}),
    ...(typeof e.message === 'string' ? { message: e.message } : {}),
    ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** Structured JSON logs; one shape for every process so they can be grepped by requestId. */
export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: (error: unknown) => errorForLog(error) },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'passwordHash'], remove: true },
  };
}

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(loggerOptions(level, name));
}
