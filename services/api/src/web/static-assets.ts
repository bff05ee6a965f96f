import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { preferredEncoding } from './compressed-response.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * The web build's hashed files (web/dist/assets): a name changes with its content, so browsers
 * and CDNs may keep them for a year. Text files go out as the brotli or gzip twin the build
 * wrote beside them (libs/platform/bin/build.mjs), never compressed per request.
 */
export function hashedAssets(assetsDir: string) {
  const files = express.static(assetsDir, { index: false, fallthrough: false, immutable: true, maxAge: '365d' });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = TYPES[path.extname(name)];
    const encoding = preferredEncoding(req);
    // Hashed names are flat "name-hash.ext": anything else is not ours to look up on disk.
    if (type && encoding && /^[\w.-]+$/.test(name)) {
      const twin = path.join(assetsDir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`);
      if (existsSync(twin)) {
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', IMMUTABLE);
        return res.sendFile(twin);
      }
    }
    res.setHeader('Vary', 'Accept-Encoding');
    return files(req, res, next);
  };
}
