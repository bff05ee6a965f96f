import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { publicResponseCache } from './public-response-cache.middleware.js';

/** An Express app whose catalogue route counts how often it really ran. */
function app(ttlMs: number) {
  let calls = 0;
  const a = express();
  a.set('etag', false);
  a.use((_req, res, next) => (res.setHeader('X-Set-Before', 'yes'), next()));
  a.use(publicResponseCache(ttlMs));
  a.get('/api/public/posters', (_req, res) => {
    calls++;
    res.json({ posters: [{ name: 'Café ☕' }], calls });
  });
  return { a, calls: () => calls };
}

describe('publicResponseCache', () => {
  it('replays the stored bytes with their type and length, keeps headers set before it, and runs the route once', async () => {
    const { a, calls } = app(60_000);
    const first = await request(a).get('/api/public/posters?page=1').expect(200);
    const second = await request(a).get('/api/public/posters?page=1').expect(200);
    expect(calls()).toBe(1);
    expect(second.text).toBe(first.text);
    expect(second.body).toEqual({ posters: [{ name: 'Café ☕' }], calls: 1 });
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(second.headers['x-set-before']).toBe('yes');
  });

  it('goes through for another query string, X-Wait-For-Position, credentials, and with a zero TTL', async () => {
    const { a, calls } = app(60_000);
    await request(a).get('/api/public/posters?page=1');
    await request(a).get('/api/public/posters?page=2');
    await request(a).get('/api/public/posters?page=1').set('X-Wait-For-Position', '1/1');
    await request(a).get('/api/public/posters?page=1').set('Authorization', 'Bearer x');
    expect(calls()).toBe(4);
    const off = app(0);
    await request(off.a).get('/api/public/posters');
    await request(off.a).get('/api/public/posters');
    expect(off.calls()).toBe(2);
  });
});
