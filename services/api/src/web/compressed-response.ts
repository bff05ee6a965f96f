import type { Request, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encoding the client accepts that we send: brotli first, then gzip, else none. */
export function preferredEncoding(req: Request): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** A text body compressed on the fly (a page is rendered per request, so it cannot be precompressed). */
export function sendCompressed(req: Request, res: Response, status: number, contentType: string, text: string): void {
  const body = Buffer.from(text, 'utf8');
  const encoding = body.length > 1024 ? preferredEncoding(req) : null;
  res.status(status);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  // Quality 5: most of brotli's gain at a few milliseconds per page.
  const sent = encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? gzipSync(body, { level: 6 }) : body;
  res.setHeader('Content-Length', String(sent.length));
  res.end(req.method === 'HEAD' ? undefined : sent);
}
