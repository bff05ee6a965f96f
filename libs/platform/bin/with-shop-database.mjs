// `node libs/platform/bin/with-shop-database.mjs <script.js> [args…]`: runs an analyst or operator
// command (behind `npm run replay` and `npm run projector`) with DATABASE_URL pointing at the shop's
// database (see shop-database.mjs). When the shop is stopped, its PostgreSQL is started on the
// data in DATA_DIR for the command and stopped when the command ends, however it ends.
import { spawn } from 'node:child_process';
import { findShopDatabase } from './shop-database.mjs';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node libs/platform/bin/with-shop-database.mjs <script.js> [args…]');
  process.exit(2);
}

let db;
try {
  db = await findShopDatabase();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
if (!process.env.DATABASE_URL) console.error(`[shop database] ${db.how}`);

const child = spawn(process.execPath, ['--enable-source-maps', script, ...args], {
  env: { ...process.env, DATABASE_URL: db.url },
  stdio: 'inherit',
});
// Ctrl-C reaches the command too (same process group); a signal sent to this process alone is passed on.
// Either way this process waits for the command to end, so the server it started stops after it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
const code = await new Promise((resolve) => {
  child.once('error', (e) => {
    console.error(e.message);
    resolve(1);
  });
  child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
});
await db.stop();
process.exit(code);
