import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import path from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '#platform/config/app-config.js';
import { sendCompressed, streamCompressed } from './compressed-response.js';
import { robotsTxt, sitemapXml } from './seo-files.js';
import { hashedAssets } from './static-assets.js';
import { loadStorefrontRenderer } from './storefront-renderer.js';

const HTML = 'text/html; charset=utf-8';
// Pages are per request (and may show a visitor's language): browsers revalidate, shared caches keep none.
const HTML_CACHE = 'private, no-cache';
// The back-office is a client-only app: its shell is never rendered on the server.
const CLIENT_ONLY = /^\/(ar\/)?(admin|login)(\/|$)/;

/** The origin links in pages and the sitemap use: the configured shop origin, else the request's own. */
function publicOrigin(config: AppConfig, req: Request): string {
  return config.webOrigins[0] ?? `${req.protocol}://${req.get('host')}`;
}

/** This server's own address as seen from itself: the renderer's API reads go over loopback to it. */
function ownOrigin(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * The web app on the API's origin: hashed assets (cached a year, precompressed), robots.txt and
 * sitemap.xml, and every other page outside /api and /uploads rendered on the server
 * (web/src/entry-server.tsx) with its status (404 for an unknown page), or the client shell
 * for the back-office and when the build has no server renderer.
 */
export function serveStorefront(app: NestExpressApplication, config: AppConfig, logger: Logger): void {
  const distDir = config.webDistDir;
  let renderer: ReturnType<typeof loadStorefrontRenderer> | undefined;
  const getRenderer = () => (renderer === undefined || renderer === null ? (renderer = loadStorefrontRenderer(distDir)) : renderer);
  const dataSource = app.get(DataSource);
  const isPage = (req: Request) =>
    (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api') && !req.path.startsWith('/uploads');

  app.use('/assets', hashedAssets(path.join(distDir, 'assets')));

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isPage(req)) return next();
    if (req.path === '/robots.txt') {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      return sendCompressed(req, res, 200, 'text/plain; charset=utf-8', robotsTxt(publicOrigin(config, req)));
    }
    if (req.path !== '/sitemap.xml') return next();
    sitemapXml(dataSource, publicOrigin(config, req)).then((xml) => {
      res.setHeader('Cache-Control', 'public, max-age=600');
      sendCompressed(req, res, 200, 'application/xml; charset=utf-8', xml);
    }, next);
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isPage(req)) return next();
    const shell = getRenderer();
    if (!shell) return next();
    res.setHeader('Cache-Control', HTML_CACHE);
    if (CLIENT_ONLY.test(req.path)) return sendCompressed(req, res, 200, HTML, shell.clientShell);
    shell
      .render({ url: req.originalUrl, publicOrigin: publicOrigin(config, req), apiOrigin: ownOrigin(req), signal: AbortSignal.timeout(30_000) })
      .then((page) => {
        if (!page) return sendCompressed(req, res, 200, HTML, shell.clientShell);
        if ('location' in page) return res.redirect(page.status, page.location);
        page.body.pipe(streamCompressed(req, res, page.status, HTML, page.before, page.after));
      })
      .catch((error: unknown) => {
        // A page that fails to render still works in the browser: the shell renders it there.
        logger.error({ err: error, path: req.path }, 'server rendering failed; sent the client shell');
        sendCompressed(req, res, 200, HTML, shell.clientShell);
      });
  });
}
