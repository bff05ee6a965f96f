import { Controller, Get, Inject, Logger, Res, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { METRICS_REGISTRY } from '../common/tokens.js';

export interface MetricsListenerConfig {
  port: number;
  host: string;
}

/**
 * METRICS_PORT (unset: no listener) and METRICS_HOST (default 127.0.0.1). Read like EXPORTS_DIR,
 * from the environment at boot.
 */
export function metricsListenerFromEnv(env: NodeJS.ProcessEnv = process.env): MetricsListenerConfig | undefined {
  const text = env.METRICS_PORT?.trim();
  if (!text) return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number, not ${text}`);
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

/**
 * Prometheus text format, two ways, because each serves a different reader:
 * - GET /api/metrics on the public port needs the admin bearer token: route names, counts and
 *   projection state tell an outsider too much about the shop, and the port is public.
 * - Prometheus cannot sign in (a token lasts 30 minutes), so METRICS_PORT opens a second
 *   listener, bound to loopback by default, without a token: who can reach it is decided by
 *   where it listens (the host, or a sidecar in the same network namespace), not by a secret
 *   to rotate in the scrape config.
 */
@ApiExcludeController()
@AdminOnly('metrics.read')
@Controller('metrics')
export class MetricsController implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: http.Server | undefined;

  constructor(
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
  ) {}

  @Get()
  async metrics(@Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', this.registry.contentType);
    res.send(await this.registry.metrics());
  }

  async onApplicationBootstrap(): Promise<void> {
    const listener = metricsListenerFromEnv();
    if (listener) await this.listen(listener);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Starts the unauthenticated scrape listener (GET /metrics); answers where it listens. */
  async listen(at: MetricsListenerConfig): Promise<AddressInfo> {
    await this.onApplicationShutdown();
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at.port, at.host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.logger.log(`Prometheus metrics on http://${address.address}:${address.port}/metrics`);
    return address;
  }
}
