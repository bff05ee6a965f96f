import { describe, expect, it } from '@jest/globals';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { projectorConfigFromEnv } from '../projector-config.js';
import { startHealthServer } from './health-server.js';

// /metrics only: the other dependencies are never reached by these requests.
const deps = {
  pool: {} as never,
  store: {} as never,
  runner: {} as never,
  metrics: { render: async () => 'projector_up 1\n', registry: { contentType: 'text/plain; version=0.0.4' } } as never,
};

async function withServer(server: http.Server, check: (address: AddressInfo) => Promise<void>): Promise<void> {
  try {
    await check(server.address() as AddressInfo);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** An address of this machine that is not loopback, if it has one. */
const outside = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe('projector health server exposure', () => {
  it('reads PROJECTOR_HOST, loopback when unset or blank', () => {
    const base = { DATABASE_URL: 'postgres://x/y' };
    expect(projectorConfigFromEnv(base).host).toBe('127.0.0.1');
    expect(projectorConfigFromEnv({ ...base, PROJECTOR_HOST: ' ' }).host).toBe('127.0.0.1');
    expect(projectorConfigFromEnv({ ...base, PROJECTOR_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('binds 127.0.0.1 by default and answers there', async () => {
    await withServer(await startHealthServer({ port: 0, ...deps }), async (address) => {
      expect(address.address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('projector_up 1\n');
      if (outside) await expect(fetch(`http://${outside}:${address.port}/metrics`)).rejects.toThrow();
    });
  });

  it('binds every interface when PROJECTOR_HOST=0.0.0.0 (containers whose health check or scraper comes from outside)', async () => {
    const { host } = projectorConfigFromEnv({ DATABASE_URL: 'postgres://x/y', PROJECTOR_HOST: '0.0.0.0' });
    await withServer(await startHealthServer({ port: 0, host, ...deps }), async (address) => {
      expect(address.address).toBe('0.0.0.0');
      if (outside) expect((await fetch(`http://${outside}:${address.port}/metrics`)).status).toBe(200);
    });
  });
});
