import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evictOldestExports } from './exports-quota.js';

describe('evictOldestExports', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'exports-quota-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** Files of `kb` KB written `minutesAgo` minutes before a fixed instant: their order is fixed. */
  async function file(name: string, kb: number, minutesAgo: number) {
    await writeFile(path.join(dir, name), Buffer.alloc(kb * 1024));
    const at = new Date(Date.UTC(2026, 10, 26, 12, 0) - minutesAgo * 60_000);
    await utimes(path.join(dir, name), at, at);
  }

  it('removes the oldest finished exports until the folder is within its quota, and says which', async () => {
    await file('a.ndjson', 40, 30);
    await file('b.csv', 40, 20);
    await file('c.ndjson', 40, 10);
    await file('running.ndjson.part', 40, 0);
    await file('notes.txt', 500, 40);
    const evicted = await evictOldestExports(dir, 100 * 1024, 'c.ndjson');
    expect(evicted.map((e) => [e.file, e.bytes])).toEqual([
      ['a.ndjson', 40 * 1024],
      ['b.csv', 40 * 1024],
    ]);
    expect((await readdir(dir)).sort()).toEqual(['c.ndjson', 'notes.txt', 'running.ndjson.part']);
  });

  it('never removes the export it was told to keep, nor one still being written, even over the quota', async () => {
    await file('new.csv', 200, 0);
    await file('other.csv.part', 200, 5);
    expect(await evictOldestExports(dir, 100 * 1024, 'new.csv')).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['new.csv', 'other.csv.part']);
  });

  it('removes nothing within the quota, and is fine with a folder not made yet', async () => {
    await file('a.csv', 10, 1);
    expect(await evictOldestExports(dir, 100 * 1024)).toEqual([]);
    expect(await evictOldestExports(path.join(dir, 'missing'), 0)).toEqual([]);
  });
});
