/**
 * The bare checkout as a process of its own, beside our API in bench:api: a `node:http` server
 * answering the checkout workload's two requests (POST /api/user/cart, POST
 * /api/user/cart/checkout) and GET /api/health, through BareCheckout.
 *
 * BARE_DATABASE_URL: its own (empty) database on the server our API uses, so PostgreSQL's CPU is
 * told apart by database; it gets the product's event-store and key-store schemas, and the
 * poster streams of CATALOGUE_DATABASE_URL (ours, seeded) copied in at start. PORT, and
 * BARE_POOL_SIZE (default 32: one connection per load connection).
 */
import http from 'node:http';
import pg from 'pg';
import { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { PostgresKeyStore } from '#event-store/personal-data/key-store.js';
import { migrateEventStoreSchema } from '#event-store/postgres/postgres-schema.migration.js';
import { BareCheckout, type BareAnswer } from './bare-checkout.js';

const MAX_BODY_BYTES = 16 * 1024;

/** Makes the bare database ready: the product's schemas, and the seeded posters copied from ours. */
export async function prepareBareDatabase(bareUrl: string, catalogueUrl: string): Promise<void> {
  const bare = new pg.Client({ connectionString: bareUrl });
  const catalogue = new pg.Client({ connectionString: catalogueUrl });
  await bare.connect();
  await catalogue.connect();
  try {
    const pool = new pg.Pool({ connectionString: bareUrl, max: 1 });
    await migrateEventStoreSchema(pool).finally(() => pool.end());
    const { rows } = await catalogue.query(`SELECT event_id, stream_name, stream_revision, event_type, data::text AS data, metadata::text AS metadata FROM event_store.events WHERE stream_name LIKE 'poster-%'`);
    for (const r of rows) {
      await bare.query('INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING', [
        r.event_id,
        r.stream_name,
        r.stream_revision,
        r.event_type,
        r.data,
        r.metadata,
      ]);
    }
  } finally {
    await bare.end();
    await catalogue.end();
  }
}

/** The server, listening on `port` (0: any); resolves with it and how to close everything. */
export async function startBareCheckout(bareUrl: string, port: number, poolSize = 32): Promise<{ server: http.Server; port: number; close: () => Promise<void> }> {
  // synchronous_commit as the server has it: durable unless the bench asked for a non-durable server.
  const pool = new pg.Pool({ connectionString: bareUrl, max: poolSize });
  pool.on('error', () => undefined);
  // The product's key store, as the API opens it beside a PostgreSQL log (its writes made durable by the events').
  const keys = await PostgresKeyStore.connect({ connectionString: bareUrl, purpose: 'request', durableThroughLog: true });
  const checkout = new BareCheckout(pool, new PersonalDataCipher(keys));
  const server = http.createServer((req, res) => {
    const answer = (a: BareAnswer) => {
      const body = JSON.stringify(a.body);
      res.writeHead(a.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.method === 'GET' && req.url === '/api/health') return answer({ status: 200, body: { status: 'ok' } });
    const route = req.method === 'POST' && (req.url === '/api/user/cart' ? 'cart' : req.url === '/api/user/cart/checkout' ? 'checkout' : undefined);
    if (!route) return answer({ status: 404, body: { message: 'not found' } });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return answer({ status: 413, body: { field: 'body', message: 'body too large' } });
      let input: unknown;
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer({ status: 400, body: { field: 'body', message: 'body is not JSON' } });
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return answer({ status: 400, body: { field: 'body', message: 'body is not an object' } });
      const cartId = req.headers['x-cart-id'];
      const work = route === 'cart' ? checkout.addToCart(input as Record<string, unknown>) : checkout.checkout(typeof cartId === 'string' ? cartId : undefined, input as Record<string, unknown>);
      work.then(answer, (e: unknown) => {
        process.stderr.write(`[bare-checkout] ${String(e)}\n`);
        answer({ status: 500, body: { message: 'failed' } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await keys.close();
    await pool.end();
  };
  return { server, port: (server.address() as { port: number }).port, close };
}

async function main(): Promise<void> {
  const bareUrl = process.env.BARE_DATABASE_URL;
  if (!bareUrl) throw new Error('BARE_DATABASE_URL is required');
  if (process.env.CATALOGUE_DATABASE_URL) await prepareBareDatabase(bareUrl, process.env.CATALOGUE_DATABASE_URL);
  const { close } = await startBareCheckout(bareUrl, Number(process.env.PORT ?? 0), Number(process.env.BARE_POOL_SIZE ?? 32));
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
