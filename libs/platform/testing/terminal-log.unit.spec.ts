import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: plain-Node launcher module without type declarations
import { openShopLog, readableLine } from '../bin/terminal-log.mjs';

const line = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time: '2026-11-29T03:42:33.433Z', service: 'api', ...entry });
const read = readableLine as (line: string, service: string) => string | undefined;

describe("what npm start shows at a terminal", () => {
  it('shows starts and stops, warnings, errors and a checkout, one readable line each', () => {
    expect(read(line({ msg: 'API listening on http://localhost:3000/api (docs /api/docs, event store postgres)' }), 'api')).toMatch(/^\d\d:\d\d:\d\d  api       API listening on http:\/\/localhost:3000\/api/);
    expect(read(line({ service: 'projector', msg: 'projector started', port: 4100, projections: 24 }), 'projector')).toContain('projector started (health on port 4100, 24 projections)');
    expect(read(line({ service: 'projector', msg: 'projector stopping' }), 'projector')).toContain('projector stopping');
    expect(read(line({ level: 50, msg: 'unhandled error', err: { message: 'boom' } }), 'api')).toContain('api       error: unhandled error (boom)');
    expect(read(line({ level: 40, msg: 'refused: answered 503', reason: 'too many live streams' }), 'api')).toContain('warning: refused: answered 503 (too many live streams)');
    expect(read(line({ msg: 'request completed', req: { method: 'POST', url: '/api/user/cart/checkout' }, res: { statusCode: 201 } }), 'api')).toContain('a checkout placed an order');
  });

  it('keeps requests, routes and projections in the file only', () => {
    expect(read(line({ msg: 'request completed', req: { method: 'GET', url: '/api/public/posters' }, res: { statusCode: 200 } }), 'api')).toBeUndefined();
    expect(read(line({ msg: 'request completed', req: { method: 'POST', url: '/api/user/cart/checkout' }, res: { statusCode: 400 } }), 'api')).toBeUndefined();
    expect(read(line({ msg: 'Mapped {/api/health, GET} route', context: 'RouterExplorer' }), 'api')).toBeUndefined();
    expect(read(line({ service: 'projector', msg: 'projection adopted', projection: 'orders' }), 'projector')).toBeUndefined();
    expect(read('', 'api')).toBeUndefined();
  });

  it('shows text that is not JSON as it is (the seed, PostgreSQL)', () => {
    expect(read('[seed] demo shop seeded: 18 posters', 'seed')).toBe('[seed] demo shop seeded: 18 posters');
    expect(read('{not json', 'api')).toBe('{not json');
  });

  it('appends every line to DATA_DIR/shop.log and moves a full file aside', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-log-'));
    const log = openShopLog(dir, 100) as { file: string; write: (l: string) => void };
    expect(log.file).toBe(path.join(dir, 'shop.log'));
    log.write(line({ msg: 'one' }));
    expect(readFileSync(log.file, 'utf8')).toContain('"msg":"one"');
    log.write(line({ msg: 'two' }));
    expect(existsSync(`${log.file}.1`)).toBe(true);
    log.write(line({ msg: 'three' }));
    expect(readFileSync(log.file, 'utf8')).toContain('"msg":"three"');
  });
});
