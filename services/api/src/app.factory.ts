import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '#platform/config/app-config.js';
import { createMetricsRegistry } from '#platform/metrics/metrics.js';
import { AppModule, type AppModuleOptions } from './app.module.js';
import { xsrfMiddleware } from './auth/xsrf.middleware.js';
import { ClientBudgets } from './budgets/client-budgets.service.js';
import { clientTokenIssuer, ClientTokens } from './budgets/client-token.js';
import { forwardedWithoutTrustWarning } from './budgets/forwarded-without-trust.js';
import { publicResponseCache } from './common/public-response-cache.middleware.js';
import { edgeTextMiddleware } from './common/edge-text.js';
import { createApiLogger, httpLogMiddleware, PinoNestLogger } from './common/pino-logging.js';
import { jsonBody, urlencodedBody } from './common/json-body.js';
import { requestContextMiddleware } from './common/request-context.middleware.js';
import { validationPipe } from './common/validation-pipe.js';
import { httpMetricsMiddleware } from './ops/http-metrics.middleware.js';
import { createOpenApiDocument } from './openapi/openapi-document.js';
import { serveStorefront } from './web/storefront.js';

/**
 * The whole HTTP app, configured but not listening: main.ts listens, tests use it through
 * supertest. Order matters: request context first (so logs, metrics and errors see the id),
 * then security headers, cookies and XSRF, then static files, then Nest's /api routes.
 */
export async function createApiApp(config: AppConfig, options: AppModuleOptions & { bufferLogs?: boolean } = {}): Promise<NestExpressApplication> {
  const metricsRegistry = options.metricsRegistry ?? createMetricsRegistry('api');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, { ...options, metricsRegistry }), {
    bufferLogs: options.bufferLogs ?? true,
    bodyParser: false,
  });
  const logger = createApiLogger(config.logLevel);
  app.useLogger(new PinoNestLogger(logger));
  // The client IP (login limits, logs) comes from X-Forwarded-For only from proxies TRUST_PROXY
  // names: trusting any private address by default let a client on the LAN pick its own IP.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // The web fetches with cache: 'no-store'; hashing every JSON body for an ETag is wasted work.
  app.set('etag', false);
  app.enableShutdownHooks();

  app.use(requestContextMiddleware);
  app.use(forwardedWithoutTrustWarning(config.trustProxy, logger));
  app.use('/api', httpLogMiddleware(logger));
  app.use(httpMetricsMiddleware(metricsRegistry));
  app.use(securityHeaders(config));
  app.enableCors({
    origin: config.webOrigins.length > 0 ? config.webOrigins : false,
    credentials: true,
    exposedHeaders: ['X-Event-Position', 'X-Renewed-Token', 'X-Request-Id', 'X-Cart-Id'],
  });
  // The edge text check: URL, query and the headers the app reads before any body is read, then
  // each body right after it is parsed (depth-bounded JSON); multipart fields in the global pipe.
  app.use(edgeTextMiddleware);
  app.use(jsonBody(config.bodyLimit));
  app.use(urlencodedBody(config.bodyLimit));
  app.use(cookieParser());
  app.use(xsrfMiddleware);
  app.use(clientTokenIssuer(app.get(ClientTokens), app.get(ClientBudgets)));
  app.use(publicResponseCache(config.publicCacheMs));

  app.use('/uploads', express.static(config.uploadsDir, { index: false, fallthrough: false, maxAge: '7d' }));
  serveStorefront(app, config, logger);

  app.setGlobalPrefix('api');
  app.useGlobalPipes(validationPipe());

  SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });

  return app;
}

/**
 * Helmet, with HSTS and upgrade-insecure-requests only on requests that arrived over HTTPS
 * (req.secure: the socket's TLS, or X-Forwarded-Proto from a proxy TRUST_PROXY trusts). Sent
 * over plain HTTP they would make a browser insist on https:// for a shop that has none, e.g.
 * opened at http://<server-ip>:3000 on a LAN: every later visit and every asset would fail.
 */
function securityHeaders(config: AppConfig) {
  const options = (https: boolean): Parameters<typeof helmet>[0] => ({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", ...config.webOrigins],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: https ? {} : false,
  });
  const overHttps = helmet(options(true));
  const overHttp = helmet(options(false));
  return (req: Request, res: Response, next: NextFunction) => (req.secure ? overHttps : overHttp)(req, res, next);
}
