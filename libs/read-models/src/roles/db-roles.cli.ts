/**
 * `npm run db:roles` (and every `npm start`, before the services): with DATABASE_URL naming an
 * admin (a superuser, or a role with CREATEROLE owning the shop's objects), creates the shop's
 * roles (shop-roles.ts) with passwords generated once and kept in DATA_DIR/database-roles.json
 * (0600), runs every migration as shop_owner, then grants each role its rights on the tables as
 * they are. Prints the URL each process connects with; `--json` prints them as one JSON line
 * (npm start reads it). Exit code 3 when DATABASE_URL's role cannot create roles.
 * `--roles-only`: the roles and their passwords, no migrations (a restore loads the backup's
 * schemas, owned by these roles, before the migrations run).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateEventStoreSchema } from '#event-store/postgres/postgres-schema.migration.js';
import { databaseTimeouts, poolTimeoutOptions } from '#event-store/postgres/pg-timeouts.js';
import { runReadModelMigrations } from '../data-source.js';
import { migrateKeyStoreSchema } from '#event-store/personal-data/key-store.migration.js';
import { canManageRoles, ensureShopRoles, settleKeyStorePrivileges, settleShopPrivileges, SHOP_ROLES, type ShopRole } from './shop-roles.js';

const env = process.env;
const json = process.argv.includes('--json');
const rolesOnly = process.argv.includes('--roles-only');
const adminUrl = env.DATABASE_URL;
if (!adminUrl) {
  console.error('db:roles needs DATABASE_URL (an admin of the shop database: a superuser, or a role with CREATEROLE)');
  process.exit(2);
}
const dataDir = path.resolve(env.DATA_DIR ?? '.data');
const passwordFile = path.join(dataDir, 'database-roles.json');

function rolePasswords(): Record<ShopRole, string> {
  const kept: Partial<Record<string, string>> = existsSync(passwordFile) ? JSON.parse(readFileSync(passwordFile, 'utf8')) : {};
  const passwords = Object.fromEntries(
    (Object.keys(SHOP_ROLES) as ShopRole[]).map((key) => [key, kept[SHOP_ROLES[key]] ?? randomBytes(24).toString('base64url')]),
  ) as Record<ShopRole, string>;
  mkdirSync(dataDir, { recursive: true });
  const byRole = Object.fromEntries((Object.keys(SHOP_ROLES) as ShopRole[]).map((key) => [SHOP_ROLES[key], passwords[key]]));
  writeFileSync(passwordFile, `${JSON.stringify(byRole, null, 2)}\n`, { mode: 0o600 });
  chmodSync(passwordFile, 0o600);
  return passwords;
}

function urlAs(role: ShopRole, passwords: Record<ShopRole, string>): string {
  const url = new URL(adminUrl!);
  url.username = SHOP_ROLES[role];
  url.password = passwords[role];
  return url.toString();
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
let passwords: Record<ShopRole, string>;
try {
  if (!(await canManageRoles(admin))) {
    console.error(`[db:roles] the role of DATABASE_URL cannot create roles: the services keep connecting as it. Run \`npm run db:roles\` with an admin's DATABASE_URL to give each its own least-privilege role.`);
    process.exit(3);
  }
  passwords = rolePasswords();
  await ensureShopRoles(admin, passwords);
} finally {
  await admin.end();
}
if (rolesOnly) {
  console.error(`[db:roles] roles ready; passwords in ${passwordFile} (0600)`);
  process.exit(0);
}

// Migrations as the owner, before any service starts (docs/adr/006).
const ownerUrl = urlAs('owner', passwords);
if ((env.EVENT_STORE ?? 'postgres').trim().toLowerCase() === 'postgres') {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1, application_name: 'db-roles', ...poolTimeoutOptions(databaseTimeouts('job')) });
  try {
    await migrateEventStoreSchema(pool);
  } finally {
    await pool.end();
  }
}
await runReadModelMigrations(ownerUrl);
// The key store (docs/adr/012) as its own role: the owner of the log never holds the keys.
const keystorePool = new pg.Pool({ connectionString: urlAs('keystore', passwords), max: 1, application_name: 'db-roles', ...poolTimeoutOptions(databaseTimeouts('job')) });
try {
  await migrateKeyStoreSchema(keystorePool);
  const client = await keystorePool.connect();
  try {
    await settleKeyStorePrivileges(client);
  } finally {
    client.release();
  }
} finally {
  await keystorePool.end();
}
const owner = new pg.Client({ connectionString: ownerUrl });
await owner.connect();
try {
  await settleShopPrivileges(owner);
} finally {
  await owner.end();
}

const urls = { owner: ownerUrl, api: urlAs('api', passwords), projector: urlAs('projector', passwords), maintenance: urlAs('maintenance', passwords), keystore: urlAs('keystore', passwords), keyReader: urlAs('keyReader', passwords), logWriter: urlAs('logWriter', passwords) };
if (json) {
  console.log(JSON.stringify(urls));
} else {
  const masked = (u: string) => u.replace(/:[^:@/]+@/, ':…@');
  console.log(`[db:roles] roles ready, migrations applied as ${SHOP_ROLES.owner}; passwords in ${passwordFile} (0600)`);
  for (const [who, url] of Object.entries(urls)) console.log(`  ${who.padEnd(12)} ${masked(url)}`);
}
