import pino, { type Logger, type LoggerOptions } from 'pino';

/** Structured JSON logs; one shape for every process so they can be grepped by requestId. */
export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'passwordHash'], remove: true },
  };
}

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(loggerOptions(level, name));
}
