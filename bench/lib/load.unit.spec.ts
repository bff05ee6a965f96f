import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runLoad, type Step } from './load.js';
import { processTreeCpuMs } from './process-cpu.js';

// A two-step flow like a guest checkout: the first answer hands out a token the second must carry.
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/start') {
      res.setHeader('session-token', 'tok-1');
      res.end('{"ok":true}');
    } else if (req.url === '/finish') {
      res.statusCode = req.headers.authorization === 'Bearer tok-1' ? 200 : 401;
      res.end(res.statusCode === 200 ? '{"state":"done"}' : '{"error":"no token"}');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const flow = (finishCheck: (body: string) => boolean): Step[] => [
  {
    method: 'POST',
    path: '/start',
    build: () => ({ body: '{}' }),
    check: (_body, headers, f) => {
      f.token = headers['session-token'];
      return typeof f.token === 'string';
    },
  },
  { method: 'POST', path: '/finish', build: (f) => ({ headers: { authorization: `Bearer ${f.token}` }, body: '{}' }), check: finishCheck },
];

describe('runLoad', () => {
  it('carries values from one answer to the next request, counts whole flows and times them end to end', async () => {
    const r = await runLoad({ url, connections: 2, durationSec: 1, steps: flow((body) => body.includes('"done"')), cpu: { self: () => processTreeCpuMs(process.pid) } });
    expect(r.errors).toBe(0);
    expect(r.flows).toBeGreaterThan(0);
    // Two requests per flow: at most one unfinished flow per connection when the time runs out.
    expect(r.requests - 2 * r.flows).toBeGreaterThanOrEqual(0);
    expect(r.requests - 2 * r.flows).toBeLessThanOrEqual(2);
    expect(r.p50).not.toBeNull();
    expect(r.p99!).toBeGreaterThanOrEqual(r.p50!);
    expect(r.cpuMsPerReq.self).toBeGreaterThanOrEqual(0);
    expect(r.cpuMsPerFlow.self).toBeGreaterThanOrEqual(r.cpuMsPerReq.self!);
  });

  it('counts a flow whose answer fails its check as an error, not as a flow', async () => {
    const r = await runLoad({ url, connections: 1, durationSec: 1, steps: flow(() => false), cpu: {} });
    expect(r.flows).toBe(0);
    // At most the first step of the one flow the end of the run cut off before its failing answer.
    expect(r.flowsPerSec * r.durationSec).toBeLessThan(1);
    expect(r.p99).toBeNull();
    expect(r.errors).toBeGreaterThan(0);
  });

  it('counts non-2xx answers as errors', async () => {
    const r = await runLoad({ url, connections: 1, durationSec: 1, steps: [{ path: '/missing' }], cpu: {} });
    expect(r.flows).toBe(0);
    expect(r.errors).toBe(r.requests);
  });
});
