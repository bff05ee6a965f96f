import http from 'node:http';
import type pg from 'pg';
import { formatPosition, type EventStore } from '#event-store/event-store.port.js';
import { DEFAULT_HEALTH_HOST } from '../projector-config.js';
import type { ProjectorRunner } from '../runner/runner.js';
import { projectionReports } from './projection-report.js';
import type { ProjectorMetrics } from './projector-metrics.js';

/**
 * GET /health: every projection's checkpoint, lag, owner and last error (200; status
 * "degraded" when one stopped on an event, 503 when the database cannot be read).
 * GET /metrics: Prometheus text.
 */
export function startHealthServer(deps: { port: number; host?: string; pool: pg.Pool; store: EventStore; runner: ProjectorRunner; metrics: ProjectorMetrics }): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === '/metrics') {
        const body = await deps.metrics.render();
        res.writeHead(200, { 'content-type': deps.metrics.registry.contentType });
        res.end(body);
        return;
      }
      if (req.url === '/health' || req.url === '/') {
        const { head, projections } = await projectionReports(deps.pool, deps.store);
        const me = deps.runner.status();
        const degraded = projections.some((p) => p.status === 'failed');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({
          status: degraded ? 'degraded' : 'ok',
          replica: me.replicaId,
          head: formatPosition(head),
          owned: me.owned.map((o) => o.name),
          projections,
        }));
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'down', error: error instanceof Error ? error.message : String(error) }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host ?? DEFAULT_HEALTH_HOST, () => resolve(server));
  });
}
