import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MetricsController, metricsListenerFromEnv } from './metrics.controller.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** What an outsider reaching the API port can see: metrics only with the admin token, HSTS only over HTTPS. */
describe('exposure of the API port', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    // The same database, as a replica whose proxy (here: loopback, where supertest connects from) is trusted.
    behindProxy = await createTestApp({ projector: false, sameDatabaseAs: t, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await t?.close();
  });

  describe('GET /api/metrics', () => {
    it('answers 401 without a token or with a token that is not a current admin session', async () => {
      const res = await t.request().get('/api/metrics').expect(401);
      expect(res.text).not.toContain('http_request_duration_seconds');
      await t.request().get('/api/metrics').set('Authorization', 'Bearer not-a-token').expect(401);
      await t.request().get('/api/metrics').set('Authorization', `Bearer ${t.expiredAdminToken()}`).expect(401);
    });

    it('answers the Prometheus text with the admin token', async () => {
      const res = await t.request().get('/api/metrics').set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.text).toContain('http_request_duration_seconds');
    });

    it('serves Prometheus without a token on the METRICS_PORT listener, bound to loopback unless METRICS_HOST says otherwise', async () => {
      expect(metricsListenerFromEnv({})).toBeUndefined();
      expect(metricsListenerFromEnv({ METRICS_PORT: '9464' })).toEqual({ port: 9464, host: '127.0.0.1' });
      expect(metricsListenerFromEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual({ port: 9464, host: '0.0.0.0' });
      expect(() => metricsListenerFromEnv({ METRICS_PORT: 'ninety' })).toThrow('METRICS_PORT must be a port number');

      const controller = t.app.get(MetricsController);
      const at = await controller.listen({ port: 0, host: metricsListenerFromEnv({ METRICS_PORT: '0' })!.host });
      try {
        expect(at.address).toBe('127.0.0.1');
        const scrape = await fetch(`http://127.0.0.1:${at.port}/metrics`);
        expect(scrape.status).toBe(200);
        expect(await scrape.text()).toContain('http_request_duration_seconds');
        expect((await fetch(`http://127.0.0.1:${at.port}/api/admin/posters`)).status).toBe(404);
      } finally {
        await controller.onApplicationShutdown();
      }
      await expect(fetch(`http://127.0.0.1:${at.port}/metrics`)).rejects.toThrow();
    });
  });

  describe('HSTS and upgrade-insecure-requests', () => {
    const hsts = 'strict-transport-security';
    const csp = 'content-security-policy';

    it('sends neither over plain HTTP, even when a client claims X-Forwarded-Proto https and TRUST_PROXY is off', async () => {
      expect(t.config.trustProxy).toBe(false);
      for (const proto of [undefined, 'https']) {
        const req = t.request().get('/api/public/config');
        const res = await (proto ? req.set('X-Forwarded-Proto', proto) : req).expect(200);
        expect(res.headers[hsts]).toBeUndefined();
        expect(res.headers[csp]).toContain("default-src 'self'");
        expect(res.headers[csp]).not.toContain('upgrade-insecure-requests');
      }
    });

    it('sends both when a trusted proxy says the request came over HTTPS, and neither when it says http', async () => {
      const secure = await behindProxy.request().get('/api/public/config').set('X-Forwarded-Proto', 'https').expect(200);
      expect(secure.headers[hsts]).toMatch(/^max-age=\d+/);
      expect(secure.headers[csp]).toContain('upgrade-insecure-requests');
      const plain = await behindProxy.request().get('/api/public/config').set('X-Forwarded-Proto', 'http').expect(200);
      expect(plain.headers[hsts]).toBeUndefined();
      expect(plain.headers[csp]).not.toContain('upgrade-insecure-requests');
      const none = await behindProxy.request().get('/api/public/config').expect(200);
      expect(none.headers[hsts]).toBeUndefined();
    });
  });
});
