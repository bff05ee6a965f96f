import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Attempt, LoginThrottle } from './login-rate-limiter.js';

/** Where a request comes from: the socket's address unless TRUST_PROXY names the proxies allowed to say otherwise. */
export function clientOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * One guess at a password from an untrusted device (or at the first code of a factor being set
 * up), counted before it is checked (login-rate-limiter.ts). 429 with Retry-After past the limits.
 */
export function beginGuess(throttle: LoginThrottle, username: string, req: Request, res: Response): Extract<Attempt, { allowed: true }> {
  const attempt: Attempt = throttle.begin(username, clientOf(req));
  if (!attempt.allowed) {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
    throw new HttpException('Too many login attempts. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
  }
  return attempt;
}
