// What `npm start` shows a person at a terminal. The services log JSON, one line per request and
// per projection, which buries what matters: at a terminal every line goes to a file in DATA_DIR
// and the screen gets one readable line per event worth seeing (a service started or stopped, a
// warning or an error, a checkout). Without a terminal (tests, CI, docker) nothing changes: the
// JSON goes to stdout as before, for whatever collects it.
import { appendFileSync, existsSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const SHOP_LOG_FILE = 'shop.log';
/** Past this the file is moved to shop.log.1 (one older file kept), so it never fills the disk. */
export const SHOP_LOG_MAX_BYTES = 50 * 1024 * 1024;

const PINO_LEVELS = { 40: 'warning', 50: 'error', 60: 'fatal' };

const clock = (time) => {
  const d = time ? new Date(time) : new Date();
  return (Number.isNaN(d.getTime()) ? new Date() : d).toTimeString().slice(0, 8);
};

/** A request the owner wants to see happen: an order placed at checkout. */
function checkoutPlaced(entry) {
  const status = entry.res?.statusCode;
  return entry.msg === 'request completed' && entry.req?.method === 'POST' && /^\/api\/user\/cart\/checkout\b/.test(entry.req?.url ?? '') && status >= 200 && status < 300;
}

/** The messages of a start worth a line; every other info line (routes mapped, projections adopted, requests) stays in the file. */
const STARTED = /^(API listening on |projector (started|stopping|stopped)$|Prometheus metrics on |registered the first admin |deleted .*admin-password)/;

/**
 * The line a person reads for one line a service wrote, or undefined to keep it in the file only.
 * Lines that are not JSON (the launcher's own, PostgreSQL's, the seed's) are already text: shown as they are.
 * @param {string} line
 * @param {string} service the process that wrote it
 */
export function readableLine(line, service) {
  if (!line.trim()) return undefined;
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const who = (entry.service ?? service).padEnd(9);
  const level = PINO_LEVELS[entry.level];
  if (level) {
    const why = entry.err?.message ?? entry.reason ?? entry.cause ?? entry.error;
    return `${clock(entry.time)}  ${who} ${level}: ${entry.msg ?? ''}${why ? ` (${typeof why === 'string' ? why : JSON.stringify(why)})` : ''}`;
  }
  if (checkoutPlaced(entry)) return `${clock(entry.time)}  ${who} a checkout placed an order`;
  if (typeof entry.msg === 'string' && STARTED.test(entry.msg)) {
    const where = entry.msg === 'projector started' && entry.port ? ` (health on port ${entry.port}, ${entry.projections} projections)` : '';
    return `${clock(entry.time)}  ${who} ${entry.msg}${where}`;
  }
  return undefined;
}

/**
 * The file every line of the services goes to at a terminal: DATA_DIR/shop.log, appended.
 * @param {string} dataDir
 */
export function openShopLog(dataDir, maxBytes = SHOP_LOG_MAX_BYTES) {
  const file = path.join(dataDir, SHOP_LOG_FILE);
  let written = existsSync(file) ? statSync(file).size : 0;
  const rotate = () => {
    renameSync(file, `${file}.1`);
    written = 0;
  };
  if (written > maxBytes) rotate();
  return {
    file,
    /** @param {string} line */
    write(line) {
      const text = line.endsWith('\n') ? line : `${line}\n`;
      appendFileSync(file, text, { mode: 0o600 });
      written += Buffer.byteLength(text);
      if (written > maxBytes) rotate();
    },
  };
}

/**
 * Sends each line a child writes (stdout and stderr) to the log file, and its readable form, if
 * any, to `show`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} service
 * @param {{ write: (line: string) => void }} log
 * @param {(line: string) => void} show
 */
export function followChild(child, service, log, show) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      log.write(line);
      const readable = readableLine(line, service);
      if (readable !== undefined) show(readable);
    });
  }
}
