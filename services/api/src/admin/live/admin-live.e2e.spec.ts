import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { until } from '#platform/testing/until.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../../testing/seed-catalogue.js';
import { LiveFeed } from './live-feed.js';

interface Stream {
  status: number;
  headers: Headers;
  /** Everything received so far. */
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

/**
 * GET /api/admin/live on a listening server: events after an order is placed, the heartbeat,
 * the connection limit, and every listener gone (so the poller stops) when the tabs close.
 */
describe('admin live updates (SSE, real stack)', () => {
  let t: TestApp;
  let base: string;
  let posterId: string;
  const open: Stream[] = [];

  async function connect(token = t.adminToken()): Promise<Stream> {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/admin/live`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: abort.signal });
    let received = '';
    let ended = false;
    if (res.body) {
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            received += decoder.decode(value, { stream: true });
          }
        } catch {
          // aborted by close()
        }
        ended = true;
      })();
    }
    const stream = { status: res.status, headers: res.headers, text: () => received, ended: () => ended, close: () => abort.abort() };
    open.push(stream);
    return stream;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_MAX_CONNECTIONS: '2', LIVE_HEARTBEAT_MS: '200', LIVE_POLL_MS: '100' } });
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ posterId } = await seedPoster(t.store, { prices: { SIZE_20x30: 20000 } }));
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('refuses a request without an admin token', async () => {
    const res = await fetch(`${base}/api/admin/live`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('streams unbuffered, names the projections an order changed, beats, and frees its place on close', async () => {
    const feed = t.app.get(LiveFeed);
    const stream = await connect();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    await until('the ready event', () => stream.text().includes('event: ready'), 5000);
    await until('a heartbeat', () => stream.text().includes(': heartbeat'), 5000);

    const cart = await t.request().post('/api/user/cart').send({ posterId, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId).send(VALID_CHECKOUT).expect(200);
    const changes = await until(
      'a change naming orders and dashboard',
      () => {
        const names = [...stream.text().matchAll(/event: change\ndata: (.*)\n\n/g)].flatMap((m) => (JSON.parse(m[1]) as { projections: string[] }).projections);
        return names.includes('orders') && names.includes('dashboard') && names;
      },
      15_000,
    );
    // Cart events move every idle projection's position, but only projections that applied events are named.
    expect(changes).not.toContain('posters');

    expect(feed.size).toBe(1);
    stream.close();
    await until('the listener gone', () => feed.size === 0, 5000);
  });

  it('answers 503 with Retry-After past LIVE_MAX_CONNECTIONS', async () => {
    const [a, b] = [await connect(), await connect()];
    expect([a.status, b.status]).toEqual([200, 200]);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const error = jest.spyOn(Logger.prototype, 'error');
    try {
      const res = await fetch(`${base}/api/admin/live`, { headers: { Authorization: `Bearer ${t.adminToken()}` } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(((await res.json()) as { message: string }).message).toMatch(/too many live connections/i);
      // Each refusal is one warning line naming why, with no error and no stack (the filter's
      // Logger calls only: other parts of the app may log meanwhile).
      const byFilter = (spy: typeof warn) => spy.mock.calls.filter((_, i) => (spy.mock.contexts[i] as { context?: string }).context === 'HttpExceptionFilter');
      expect(byFilter(error)).toEqual([]);
      const warnings = byFilter(warn);
      expect(warnings).toHaveLength(1);
      const [fields, line] = warnings[0] as [Record<string, unknown>, string];
      expect(line).toBe('refused: answered 503');
      expect(fields).toEqual({ requestId: expect.any(String), status: 503, reason: expect.stringMatching(/too many live connections/i) });
      expect(JSON.stringify(warnings)).not.toMatch(/\n\s+at /);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    a.close();
    b.close();
    await until('both places free', () => t.app.get(LiveFeed).size === 0, 5000);
  });

  it('ends the stream at the next heartbeat once the admin logged out', async () => {
    const token = await t.currentAdminToken();
    const stream = await connect(token);
    expect(stream.status).toBe(200);
    await t.request().post('/api/admin/auth/logout').set('Authorization', `Bearer ${token}`).expect(204);
    await until('the stream ended by the server', () => stream.ended(), 5000);
  });
});
