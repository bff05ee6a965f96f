import type { NextFunction, Request, Response } from 'express';

/** Anonymous catalogue reads: the storefront's hottest, identical-for-everyone GETs. */
const CACHEABLE = /^\/api\/(public\/(posters|featured|categories|discounts|products|announcement|config)(\/|$)|gallery$|pricing$)/;
const MAX_ENTRIES = 2000;

/**
 * An HTTP micro-cache in front of Nest: a public catalogue answer is kept for ttlMs and replayed
 * byte for byte. Read models are eventually consistent already, so a second more of staleness
 * is invisible, while the replay skips routing, validation and the database entirely. Requests
 * with X-Wait-For-Position (the caller wants its own write) or credentials always go through.
 */
export function publicResponseCache(ttlMs: number) {
  const entries = new Map<string, { at: number; body: Buffer; type: string }>();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (ttlMs <= 0 || req.method !== 'GET' || !CACHEABLE.test(req.path) || req.headers['x-wait-for-position'] || req.headers.authorization) return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) {
      res.locals.cached = true;
      // The stored bytes as they are: Express's send (charset, freshness and ETag checks, string
      // encoding) would redo per hit what was done once when the answer was stored.
      res.statusCode = 200;
      res.setHeader('Content-Type', hit.type);
      res.setHeader('Content-Length', hit.body.length);
      res.end(hit.body);
      return;
    }
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (res.statusCode === 200 && (typeof body === 'string' || Buffer.isBuffer(body))) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { at: Date.now(), body: Buffer.isBuffer(body) ? body : Buffer.from(body), type: String(res.getHeader('Content-Type') ?? 'application/json') });
      }
      return send(body);
    };
    next();
  };
}
