import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Gauge, type Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRICS_REGISTRY } from '../common/tokens.js';

/** Prometheus text format. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
    dataSource: DataSource,
  ) {
    registerProjectionGauges(registry, dataSource);
  }

  @Get()
  async metrics(@Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', this.registry.contentType);
    res.send(await this.registry.metrics());
  }
}

/**
 * Failed projections as the API sees them (from projector.checkpoints), so an alert on the API
 * alone catches a projection that stopped, even where the projector's /metrics is not scraped.
 */
function registerProjectionGauges(registry: Registry, dataSource: DataSource): void {
  if (registry.getSingleMetric('api_projection_failed')) return;
  let rows: Promise<Array<{ projection: string; status: string; attempts: number }>> | undefined;
  // Both gauges are collected in one scrape: one query serves them.
  const read = () =>
    (rows ??= dataSource
      .query(`SELECT projection, status, attempts FROM projector.checkpoints WHERE slot = 'live'`)
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
