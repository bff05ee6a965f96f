import type pg from 'pg';

/**
 * The database roles of the shop (docs/adr/006). Each process connects as the least it needs:
 * - shop_owner: owns the event_store schema and the migrations' bookkeeping, runs every
 *   migration before the services start;
 *   member of shop_projector so it can change the read models' shape too.
 * - shop_api: events INSERT and SELECT only (streams also UPDATE: appends move its revision),
 *   read models SELECT, and the few projector rows the admin pages ask for.
 * - shop_projector: owns the read and projector schemas (a rebuild creates, drops and renames its
 *   tables), SELECT on the log.
 * - shop_maintenance: the one role the append-only trigger lets UPDATE or DELETE events, for
 *   explicit maintenance commands only (personal-data erasure); no service connects as it.
 * - shop_keystore: owns the `keystore` schema (personal-data keys, docs/adr/012) and migrates it;
 *   no service connects as it. shop_api may create subjects and read keys, shop_maintenance create
 *   and read them.
 * - shop_key_reader: reads keys, nothing else; the projector's second connection. Not a right of
 *   shop_projector itself: the owner is a member of that role (it migrates the read models), and
 *   the owner never sees a key.
 * - shop_log_writer: reads the log and appends to it (never UPDATE, DELETE or TRUNCATE), nothing
 *   else; the projector's log connection, for its reactors (the checkout completion appends the
 *   OrderPlaced an interrupted checkout left out). shop_projector itself still only reads the log.
 */
export const SHOP_ROLES = {
  owner: 'shop_owner',
  api: 'shop_api',
  projector: 'shop_projector',
  maintenance: 'shop_maintenance',
  keystore: 'shop_keystore',
  keyReader: 'shop_key_reader',
  logWriter: 'shop_log_writer',
} as const;

export type ShopRole = keyof typeof SHOP_ROLES;

/** Who the admin connection is allowed to be: a superuser, or a role that may create roles and owns the database's objects. */
export async function canManageRoles(admin: pg.ClientBase): Promise<boolean> {
  const { rows } = await admin.query<{ ok: boolean }>('SELECT rolsuper OR rolcreaterole AS ok FROM pg_roles WHERE rolname = current_user');
  return rows[0]?.ok === true;
}

/**
 * As an admin (superuser or CREATEROLE): the roles with these passwords, their database-level
 * rights, and the schemas and tables made before the roles existed handed to their owners.
 * Idempotent: every start runs it, and a password file replaced by hand takes effect.
 */
export async function ensureShopRoles(admin: pg.ClientBase, passwords: Record<ShopRole, string>): Promise<void> {
  const { rows: [{ db }] } = await admin.query<{ db: string }>('SELECT current_database() AS db');
  for (const key of Object.keys(SHOP_ROLES) as ShopRole[]) {
    const role = SHOP_ROLES[key];
    const exists = (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount === 1;
    const password = literal(passwords[key]);
    await admin.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${password}`);
  }
  const { owner, api, projector, maintenance, keystore, keyReader, logWriter } = SHOP_ROLES;
  await admin.query(`
    GRANT ${projector} TO ${owner};
    GRANT CONNECT, CREATE ON DATABASE ${ident(db)} TO ${owner}, ${keystore};
    GRANT CONNECT ON DATABASE ${ident(db)} TO ${api}, ${projector}, ${maintenance}, ${keyReader}, ${logWriter};
    GRANT CREATE ON SCHEMA public TO ${owner};
  `);
  // A database the shop used before it had roles: its objects belong to the admin. Hand each
  // schema and table to the role that owns it now (a table's own sequences follow it).
  await reassign(admin, ['event_store'], owner);
  await reassign(admin, ['read', 'projector'], projector);
  await reassign(admin, ['keystore'], keystore);
  await admin.query(`
    DO $$ BEGIN
      IF to_regclass('public.read_model_migrations') IS NOT NULL THEN
        ALTER TABLE public.read_model_migrations OWNER TO ${owner};
      END IF;
    END $$`);
}

/**
 * As the owner, after the migrations: new read-model tables handed to the projector, and each
 * role's rights on the tables as they now are. Run on every start, so a migration's new table
 * is covered. On EventStoreDB the event_store schema is absent and skipped.
 */
export async function settleShopPrivileges(ownerClient: pg.ClientBase): Promise<void> {
  const { owner, api, projector, maintenance, logWriter } = SHOP_ROLES;
  // Migrations ran as the owner: what they created in read and projector goes to the projector.
  await reassign(ownerClient, ['read', 'projector'], projector, owner);
  const hasLog = (await ownerClient.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'event_store'`)).rowCount === 1;
  if (hasLog) {
    await ownerClient.query(`
      GRANT USAGE ON SCHEMA event_store TO ${api}, ${projector}, ${maintenance}, ${logWriter};
      REVOKE ALL ON ALL TABLES IN SCHEMA event_store FROM ${api}, ${projector}, ${maintenance}, ${logWriter};
      GRANT SELECT ON ALL TABLES IN SCHEMA event_store TO ${api}, ${projector}, ${maintenance}, ${logWriter};
      GRANT INSERT ON event_store.events TO ${api}, ${logWriter};
      GRANT INSERT, UPDATE ON event_store.streams TO ${api}, ${logWriter};
      GRANT INSERT, UPDATE, DELETE ON event_store.events, event_store.streams TO ${maintenance};
      GRANT USAGE ON ALL SEQUENCES IN SCHEMA event_store TO ${api}, ${maintenance}, ${logWriter};
    `);
  }
  await ownerClient.query(`
    GRANT USAGE ON SCHEMA read, projector TO ${api}, ${maintenance};
    REVOKE ALL ON ALL TABLES IN SCHEMA read, projector FROM ${api};
    GRANT SELECT ON ALL TABLES IN SCHEMA read, projector TO ${api}, ${maintenance};
    ALTER DEFAULT PRIVILEGES FOR ROLE ${projector} IN SCHEMA read GRANT SELECT ON TABLES TO ${api}, ${maintenance};
    ALTER DEFAULT PRIVILEGES FOR ROLE ${projector} IN SCHEMA projector GRANT SELECT ON TABLES TO ${api}, ${maintenance};
    -- What the API writes (ADR 006): rebuild requests, "Retry now", the event store it runs on.
    GRANT INSERT ON projector.rebuild_requests TO ${api};
    GRANT USAGE ON ALL SEQUENCES IN SCHEMA projector TO ${api};
    GRANT UPDATE (next_retry_at) ON projector.checkpoints TO ${api};
    GRANT UPDATE (status, next_attempt_at, updated_at) ON projector.customer_messages TO ${api};
    GRANT INSERT, UPDATE ON projector.event_store_identity TO ${api};
    GRANT SELECT ON public.read_model_migrations TO ${api}, ${projector};
  `);
  // Staff sessions and second factors (docs/adr/016): the API's alone; maintenance reads them
  // only to back them up (beside the signing secret that seals them, in the keys part).
  const hasStaffAuth = (await ownerClient.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'staff_auth'`)).rowCount === 1;
  if (hasStaffAuth) {
    await ownerClient.query(`
      REVOKE ALL ON SCHEMA staff_auth FROM PUBLIC;
      GRANT USAGE ON SCHEMA staff_auth TO ${api}, ${maintenance};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA staff_auth TO ${api};
      GRANT SELECT ON ALL TABLES IN SCHEMA staff_auth TO ${maintenance};
    `);
  }
}

/**
 * As the key store's role, after its migration: who may do what with the keys. Only the API makes
 * subjects (a checkout, a subscription); the projector decrypts (as shop_key_reader); maintenance
 * re-encrypts old events. Nobody else: the owner, analysts and the read models never see a key.
 */
export async function settleKeyStorePrivileges(keystoreClient: pg.ClientBase): Promise<void> {
  const { owner, api, projector, maintenance, keyReader } = SHOP_ROLES;
  await keystoreClient.query(`
    REVOKE ALL ON SCHEMA keystore FROM PUBLIC, ${owner}, ${projector};
    REVOKE ALL ON ALL TABLES IN SCHEMA keystore FROM PUBLIC, ${owner}, ${api}, ${projector}, ${maintenance}, ${keyReader};
    GRANT USAGE ON SCHEMA keystore TO ${api}, ${maintenance}, ${keyReader};
    GRANT SELECT ON keystore.schema_migrations TO ${api}, ${maintenance}, ${keyReader};
    -- The lookup secret is made by this role's migration: the others only read it.
    GRANT SELECT ON keystore.secrets TO ${api}, ${maintenance};
    GRANT SELECT, INSERT ON keystore.subjects, keystore.lookups TO ${api}, ${maintenance};
    -- A checkout that lost the race for a new person's lookup removes the subject it made.
    GRANT DELETE ON keystore.subjects TO ${api}, ${maintenance};
    GRANT SELECT ON keystore.subjects TO ${keyReader};
  `);
}

/** Each schema in `schemas` and its tables, views and standalone sequences, to `to` (only those `from` owns, when given). */
async function reassign(db: pg.ClientBase, schemas: readonly string[], to: string, from?: string): Promise<void> {
  const { rows } = await db.query<{ kind: string; name: string }>(
    `SELECT 'SCHEMA' AS kind, quote_ident(nspname) AS name FROM pg_namespace
      WHERE nspname = ANY($1) AND nspowner::regrole::text <> $2 AND ($3::text IS NULL OR nspowner::regrole::text = $3)
     UNION ALL
     SELECT CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
            format('%I.%I', n.nspname, c.relname)
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
        AND c.relowner::regrole::text <> $2 AND ($3::text IS NULL OR c.relowner::regrole::text = $3)
        -- a sequence owned by a column (identity, serial) moves with its table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))`,
    [schemas, to, from ?? null],
  );
  for (const r of rows) await db.query(`ALTER ${r.kind} ${r.name} OWNER TO ${to}`);
  if (from !== undefined) return;
  // Functions (the append-only trigger's) belong to the schema's owner too.
  const { rows: functions } = await db.query<{ sig: string }>(
    `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = ANY($1) AND p.proowner::regrole::text <> $2`,
    [schemas, to],
  );
  for (const f of functions) await db.query(`ALTER FUNCTION ${f.sig} OWNER TO ${to}`);
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
