import type { NextFunction, Request, Response } from 'express';
import type { Registry } from 'prom-client';
import { histogram } from '#platform/metrics/metrics.js';

/** Request duration by method, route pattern (not the raw URL: ids would explode cardinality) and status. */
export function httpMetricsMiddleware(registry: Registry) {
  const duration = histogram(registry, {
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const routePath = (req.route as { path?: string } | undefined)?.path;
      const route = routePath
        ? `${req.baseUrl}${routePath}`
        : res.locals.cached
          ? 'public-cache'
          : req.path.startsWith('/api')
            ? 'unmatched'
            : 'static';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
