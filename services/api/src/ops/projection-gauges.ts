import { Inject, Injectable } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { CheckpointEntity } from '#read-models/checkpoint.entity.js';
import { listCheckpoints } from '#read-models/projector-state/checkpoints.js';
import { sqlClientOf } from '#read-models/projector-state/sql-client.js';
import { METRICS_REGISTRY } from '../common/tokens.js';

/** Registers the API's projection gauges in the metrics registry when the ops module starts (Nest builds every provider of a module, injected or not). */
@Injectable()
export class ProjectionGauges {
  constructor(@Inject(METRICS_REGISTRY) registry: Registry, dataSource: DataSource) {
    registerProjectionGauges(registry, dataSource);
  }
}

/**
 * Failed projections as the API sees them (from projector.checkpoints), so an alert on the API
 * alone catches a projection that stopped, even where the projector's /metrics is not scraped.
 */
function registerProjectionGauges(registry: Registry, dataSource: DataSource): void {
  if (registry.getSingleMetric('api_projection_failed')) return;
  const db = sqlClientOf(dataSource);
  let rows: Promise<CheckpointEntity[]> | undefined;
  // Both gauges are collected in one scrape: one query serves them.
  const read = () =>
    (rows ??= listCheckpoints(db, 'live')
      .catch(() => [])
      .finally(() => setTimeout(() => (rows = undefined), 0)));
  new Gauge({
    name: 'api_projection_failed', help: '1 while a projection is stopped on an event', labelNames: ['projection'], registers: [registry],
    async collect() {
      this.reset();
      for (const r of await read()) this.set({ projection: r.projection }, r.status === 'failed' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'api_projection_failure_attempts', help: 'Failed attempts in a row of a stopped projection (0 when running)', labelNames: ['projection'], registers: [registry],
    async collect() {
      this.reset();
      for (const r of await read()) this.set({ projection: r.projection }, Number(r.attempts ?? 0));
    },
  });
}
