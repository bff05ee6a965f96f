import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { secureRandomBytes } from '#platform/crypto/random-bytes.js';
import { bearerToken } from './admin.guard.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit cookie. Every answer sets a readable XSRF-TOKEN cookie (SameSite=Lax) if the
 * browser lacks one; a state change that arrives with cookies (a browser sending credentials)
 * and without a bearer token must echo that cookie in X-XSRF-TOKEN. Bearer calls are exempt: a
 * cross-site page cannot attach an Authorization header. Cookie-less clients (curl, scripts)
 * carry no ambient credential to abuse, so they are exempt too.
 */
export function xsrfMiddleware(req: Request, res: Response, next: NextFunction): void {
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies ?? {};
  const cookie = cookies[XSRF_COOKIE];
  if (!cookie) {
    res.cookie(XSRF_COOKIE, secureRandomBytes(18).toString('base64url'), { sameSite: 'lax', httpOnly: false, path: '/', secure: req.secure });
  }
  if (!UNSAFE.has(req.method) || bearerToken(req) || Object.keys(cookies).length === 0) return next();
  const header = req.headers[XSRF_HEADER];
  if (typeof header === 'string' && cookie && safeEqual(header, cookie)) return next();
  res.status(403).json({ statusCode: 403, error: 'Forbidden', message: 'Invalid or missing XSRF token' });
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
