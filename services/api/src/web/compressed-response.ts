import type { Request, Response } from 'express';
import { Writable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';

/** The encoding the client accepts that we send: brotli first, then gzip, else none. */
export function preferredEncoding(req: Request): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

// Quality 5: most of brotli's gain at a few milliseconds per page.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

function startResponse(res: Response, status: number, contentType: string, encoding: 'br' | 'gzip' | null): void {
  res.status(status);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
}

/** A text body compressed on the fly (a page is rendered per request, so it cannot be precompressed). */
export function sendCompressed(req: Request, res: Response, status: number, contentType: string, text: string): void {
  const body = Buffer.from(text, 'utf8');
  const encoding = body.length > 1024 ? preferredEncoding(req) : null;
  startResponse(res, status, contentType, encoding);
  const sent = encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : encoding === 'gzip' ? gzipSync(body, { level: 6 }) : body;
  res.setHeader('Content-Length', String(sent.length));
  res.end(req.method === 'HEAD' ? undefined : sent);
}

/**
 * A streamed text body: `head` goes out (and is flushed through the compressor) at once, then
 * whatever the producer writes into the returned stream as it comes, then `tail` when the producer
 * ends it. A HEAD request gets the headers only; the producer's output is dropped.
 */
export function streamCompressed(req: Request, res: Response, status: number, contentType: string, head: string, tail: string): Writable {
  const encoding = preferredEncoding(req);
  startResponse(res, status, contentType, encoding);
  if (req.method === 'HEAD') {
    res.end();
    return new Writable({ write: (_chunk, _enc, done) => done() });
  }
  const compressor: BrotliCompress | Gzip | null = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : encoding === 'gzip' ? createGzip({ level: 6 }) : null;
  const out: NodeJS.WritableStream = compressor ?? res;
  if (compressor) compressor.pipe(res);
  // The head (styles and the largest image's preload) reaches the browser before the body is done.
  out.write(head);
  compressor?.flush();
  const producer = new Writable({
    write: (chunk: Buffer, _enc, done) => void out.write(chunk, done),
    final: (done) => void out.end(tail, () => done()),
  });
  // A visitor who leaves mid-page closes the producer too (React stops rendering into it).
  res.once('close', () => {
    if (!res.writableFinished) producer.destroy();
    compressor?.destroy();
  });
  return producer;
}
