/**
 * The log is append-only by privilege: the shop as `npm start` runs it, then, from the API's and
 * the projector's own credentials (DATA_DIR/database-roles.json), every way to rewrite the events
 * table. Each must fail with permission denied (SQLSTATE 42501); the projector's own role may not
 * even append (its log connection, shop_log_writer, appends for its reactors but rewrites nothing).
 */
import pg from 'pg';
import { shopRoleUrls } from '#platform/testing/shop-role-urls.js';
import { startShopProcesses } from '../lib/shop-processes.js';
import type { AbuseCase, AbuseLine } from './abuse-case.js';

const REWRITES = {
  UPDATE: `UPDATE event_store.events SET data = '{"rewritten":true}'`,
  DELETE: 'DELETE FROM event_store.events',
  TRUNCATE: 'TRUNCATE event_store.events',
} as const;
const APPEND = `INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES (gen_random_uuid(), 'forged-1', 0, 'Forged', '{}', '{}')`;

async function outcome(url: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
    return 'allowed';
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return err.code === '42501' ? 'permission denied' : `${err.code}: ${err.message}`;
  } finally {
    await client.end();
  }
}

export const abuseCase: AbuseCase = {
  name: 'privilege',
  describe: "UPDATE, DELETE and TRUNCATE on the events table from the API's and the projector's credentials",
  async run(log) {
    const shop = await startShopProcesses(log);
    try {
      const urls = await shopRoleUrls(shop.dataDir);
      const lines: AbuseLine[] = [];
      for (const role of ['api', 'projector', 'logWriter'] as const) {
        const tries: Record<string, string> = {};
        for (const [what, sql] of Object.entries(REWRITES)) tries[what] = await outcome(urls[role], sql);
        if (role === 'projector') tries.INSERT = await outcome(urls[role], APPEND);
        const allowed = Object.values(tries).filter((o) => o !== 'permission denied').length;
        lines.push({ bound: `rewrites of the events table from the ${role}'s credentials`, figure: allowed, unit: 'statements not refused', limit: 'permission denied', held: allowed === 0, detail: tries });
      }
      return lines;
    } finally {
      await shop.stop();
    }
  },
};
