import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error: plain-Node launcher module without type declarations
import { startPostgres } from '../bin/local-servers.mjs';

/** The error code of connecting with `password` instead of the url's, or 'connected'. */
async function connectWith(url: string, password: string): Promise<string> {
  const u = new URL(url);
  u.password = password;
  const client = new pg.Client({ connectionString: u.toString() });
  try {
    await client.connect();
    return 'connected';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

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

  it('has a generated superuser password, kept in its data directory readable by its owner only', async () => {
    const dir = path.join(root, 'generated', 'postgres');
    const server = await startPostgres({ dir, database: 'shop' });
    try {
      const file = path.join(dir, 'superuser-password');
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(server.url).password)).toBe(password);
      expect(await connectWith(server.url, 'postgres')).toBe('28P01'); // invalid_password
      expect(await query(server.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await server.stop();
    }
  });

  it('is reached through a Unix socket in its data directory, and over TCP where that path would be too long for a socket', async () => {
    const dir = path.join(root, 'socket', 'postgres');
    const server = await startPostgres({ dir, database: 'shop' });
    try {
      expect(new URL(server.url).searchParams.get('host')).toBe(path.resolve(dir));
      // A Unix-socket client has no address; a wrong password is refused there too.
      expect(await query(server.url, 'SELECT inet_client_addr() AS addr')).toEqual([{ addr: null }]);
      expect(await connectWith(server.url, 'wrong')).toBe('28P01');
    } finally {
      await server.stop();
    }
    // Past the 107 bytes of a socket's path (sun_path), the server keeps TCP on localhost only.
    const deep = path.join(root, 'x'.repeat(100), 'postgres');
    const tcp = await startPostgres({ dir: deep, database: 'shop' });
    try {
      expect(new URL(tcp.url).searchParams.has('host')).toBe(false);
      expect(await query(tcp.url, 'SELECT host(inet_client_addr()) AS addr')).toEqual([{ addr: '127.0.0.1' }]);
    } finally {
      await tcp.stop();
    }
  });

  it('moves a data directory made with the old fixed password to a generated one, keeping its data', async () => {
    const dir = path.join(root, 'legacy', 'postgres');
    const first = await startPostgres({ dir, database: 'shop' });
    // As a directory made before the password was generated: the fixed password, no file.
    await query(first.url, "CREATE TABLE kept (n int); INSERT INTO kept VALUES (7); ALTER ROLE postgres PASSWORD 'postgres'");
    await first.stop();
    rmSync(path.join(dir, 'superuser-password'));

    const second = await startPostgres({ dir, database: 'shop' });
    try {
      expect(await query(second.url, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
      expect(await connectWith(second.url, 'postgres')).toBe('28P01');
      expect(readFileSync(path.join(dir, 'superuser-password'), 'utf8').trim()).toBe(decodeURIComponent(new URL(second.url).password));
      expect(existsSync(path.join(dir, 'superuser-password.pending'))).toBe(false);
    } finally {
      await second.stop();
    }
  });
});
