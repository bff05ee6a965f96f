// Vendure as the peer of bench/api.bench.ts: one process serving the Shop and Admin GraphQL APIs
// on the bench's PostgreSQL (its own database), with its job queue (search indexing) in-process
// so the process measured does all of Vendure's work. The catalogue, zone, zero tax rate, flat
// shipping and payment method are created by the bench through the Admin API.
//   VENDURE_DATABASE_URL=postgres://… VENDURE_PORT=… VENDURE_POOL_SIZE=… node bench/vendure/server.mjs
import vendure from '@vendure/core';

// Vendure's telemetry would call home and leave .vendure/ in the working directory; read at bootstrap.
process.env.VENDURE_DISABLE_TELEMETRY ??= 'true';

const { bootstrap, DefaultLogger, DefaultSearchPlugin, JobQueueService, LanguageCode, LogLevel, PaymentMethodHandler } = vendure;

const db = new URL(process.env.VENDURE_DATABASE_URL ?? '');
const port = Number(process.env.VENDURE_PORT);
if (!db.pathname.slice(1) || !port) throw new Error('VENDURE_DATABASE_URL and VENDURE_PORT are required');

// The peer of our cash-on-delivery checkout: a payment that is settled the moment it is added.
const settlesAtOnce = new PaymentMethodHandler({
  code: 'settles-at-once',
  description: [{ languageCode: LanguageCode.en, value: 'Settled when added (benchmark)' }],
  args: {},
  createPayment: (_ctx, _order, amount) => ({ amount, state: 'Settled', transactionId: `bench-${Date.now()}` }),
  settlePayment: () => ({ success: true }),
});

const app = await bootstrap({
  apiOptions: {
    hostname: '127.0.0.1',
    port,
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
    adminApiPlayground: false,
    shopApiPlayground: false,
    adminApiDebug: false,
    shopApiDebug: false,
  },
  authOptions: {
    // The session token comes back in a header (vendure-auth-token) and goes out as a bearer token,
    // which a load generator can carry without a cookie jar.
    tokenMethod: 'bearer',
    requireVerification: false,
    superadminCredentials: { identifier: 'superadmin', password: process.env.VENDURE_SUPERADMIN_PASSWORD ?? 'superadmin' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    // The same way to the server as ours: its Unix socket when the URL names one.
    host: db.searchParams.get('host') ?? db.hostname,
    port: Number(db.port || 5432),
    username: decodeURIComponent(db.username),
    password: decodeURIComponent(db.password),
    database: db.pathname.slice(1),
    // Vendure's own schema in its own throwaway bench database (created fresh each run), built the way
    // Vendure's quick-start builds it; the shop's read models never synchronize (their migrations own them).
    synchronize: true,
    logging: false,
    // As many connections as our API holds (its event-store and read pools).
    extra: { max: Number(process.env.VENDURE_POOL_SIZE ?? 30) },
  },
  paymentOptions: { paymentMethodHandlers: [settlesAtOnce] },
  logger: new DefaultLogger({ level: LogLevel.Error }),
  plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: false })],
});
await app.get(JobQueueService).start();
process.stderr.write(`[vendure] listening on http://127.0.0.1:${port}\n`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
