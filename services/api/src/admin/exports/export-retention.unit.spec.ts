import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_RETENTION_MS, pruneOldExports } from './export-jobs.js';

describe('pruneOldExports', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'exports-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('removes export files older than the retention and keeps fresh ones and other files', async () => {
    const old = new Date(Date.now() - EXPORT_RETENTION_MS - 60_000);
    for (const name of ['old.csv', 'old.ndjson', 'old.csv.part', 'keep.txt']) {
      await writeFile(path.join(dir, name), 'x');
      await utimes(path.join(dir, name), old, old);
    }
    await writeFile(path.join(dir, 'fresh.csv'), 'x');
    expect(await pruneOldExports(dir)).toBe(3);
    expect((await readdir(dir)).sort()).toEqual(['fresh.csv', 'keep.txt']);
  });

  it('is fine with a directory that does not exist yet', async () => {
    expect(await pruneOldExports(path.join(dir, 'missing'))).toBe(0);
  });
});
