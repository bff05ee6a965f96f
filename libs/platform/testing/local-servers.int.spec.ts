import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error: plain-Node launcher module without type declarations
import { startPostgres } from '../bin/local-servers.mjs';

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL of npm start', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pg-restart-')); // 0700, like a private clone
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps its data across a restart in the same directory', async () => {
    const dir = path.join(root, 'data', 'postgres');
    const first = await startPostgres({ dir, database: 'shop' });
    await query(first.url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await first.stop();

    const second = await startPostgres({ dir, database: 'shop' });
    try {
      expect(await query(second.url, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
      expect(statSync(dir).mode & 0o077 & ~0o050).toBe(0); // still 0700 or 0750: PostgreSQL insists
    } finally {
      await second.stop();
    }
  });
});
