import http from 'node:http';
import type pg from 'pg';
import { formatPosition, type EventStore } from '#event-store/event-store.port.js';
import { DEFAULT_HEALTH_HOST } from '../projector-config.js';
import type { ProjectorRunner } from '../runner/runner.js';
import { LastKnown } from './last-known.js';
import { projectionReports } from './projection-report.js';
import type { ProjectorMetrics } from './projector-metrics.js';

/** How long /health and /metrics wait for the database before answering from what they last read. */
const DEFAULT_FRESH_WAIT_MS = 500;

/**
 * GET /health: every projection's checkpoint, lag, owner and last error (200; status
 * "degraded" when one stopped on an event). When the database does not answer within half a
 * second (frozen, down), 503 "down" with the last report read and when it was read: the answer
 * never waits on a stalled server. GET /metrics: Prometheus text (503 on the same condition).
 */
export function startHealthServer(deps: { port: number; host?: string; pool: pg.Pool; store: EventStore; runner: ProjectorRunner; metrics: ProjectorMetrics; freshWaitMs?: number }): Promise<http.Server> {
  const waitMs = deps.freshWaitMs ?? DEFAULT_FRESH_WAIT_MS;
  const reports = new LastKnown(() => projectionReports(deps.pool, deps.store), waitMs);
  const metrics = new LastKnown(() => deps.metrics.render(), waitMs);
  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === '/metrics') {
        const known = await metrics.get();
        if (!known.fresh) {
          res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '2' });
          res.end(`# metrics unavailable: ${known.problem}\n`);
          return;
        }
        res.writeHead(200, { 'content-type': deps.metrics.registry.contentType });
        res.end(known.value);
        return;
      }
      if (req.url === '/health' || req.url === '/') {
        const known = await reports.get();
        const me = deps.runner.status();
        const owned = me.owned.map((o) => o.name);
        if (!known.fresh) {
          res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
          res.end(JSON.stringify({
            status: 'down',
            error: known.problem,
            replica: me.replicaId,
            owned,
            // What it last read, and when: the state before the database stopped answering.
            ...(known.value ? { readAt: new Date(known.readAt!).toISOString(), head: formatPosition(known.value.head), projections: known.value.projections } : {}),
          }));
          return;
        }
        const { head, projections } = known.value!;
        const degraded = projections.some((p) => p.status === 'failed');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({
          status: degraded ? 'degraded' : 'ok',
          replica: me.replicaId,
          head: formatPosition(head),
          owned,
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
