/**
 * `npm run projector -- protect-personal-data`: the one operation that rewrites the log
 * (docs/adr/013). Events a shop wrote before personal data was encrypted are rewritten in place,
 * encrypted under their subject's key as they would be today; snapshots whose state holds
 * personal data are deleted (a snapshot is a cache, never a fact); subscriber streams named after
 * a hash of their address are renamed after the address's subject. In batches, each its own
 * transaction, so a run stopped half-way leaves a log that reads the same and a rerun goes on
 * (encrypted events are skipped). PostgreSQL only: on EventStoreDB the same needs new streams,
 * then deleting the old ones and a scavenge.
 */
import type pg from 'pg';
import { isPersonalSnapshot, PERSONAL_FIELDS, valueAt } from '#domain/personal-data/personal-fields.js';
import { SNAPSHOT_TAKEN } from '#domain/snapshots.js';
import { parseStreamName, subscriberStream } from '#domain/streams.js';
import type { EventMetadata, NewEvent } from '#event-store/event-store.port.js';
import { isSealed, type PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';

export interface ProtectReport {
  /** Events of the types that may hold personal data, read. */
  scanned: number;
  encrypted: number;
  alreadyEncrypted: number;
  snapshotsDeleted: number;
  /** subscriber-<hash of the address> streams renamed subscriber-<subject id>. */
  streamsRenamed: number;
  /** Such streams left as they were: their subject already has a stream (subscribed again since). */
  streamsKept: number;
  batches: number;
  seconds: number;
}

export class LogInUse extends Error {
  override readonly name = 'LogInUse';
}

export class NotMaintenance extends Error {
  override readonly name = 'NotMaintenance';
}

const TYPES = [...Object.keys(PERSONAL_FIELDS), SNAPSHOT_TAKEN];
/** Applications that open the log (the event store's and the key store's pools): the API, the projector, the seed. */
const LOG_USERS = ['event-store', 'key-store'];

interface Row {
  tx: string;
  pos: string;
  event_id: string;
  stream_name: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * Who may run it: the shop's maintenance role, the one the append-only trigger lets rewrite
 * events, or a superuser, who acts as that role when it exists and otherwise turns the trigger
 * off for its own session only (a shop without roles). Anyone else is refused.
 */
export async function actAsMaintenance(client: pg.ClientBase): Promise<'shop_maintenance' | 'superuser without roles'> {
  const { rows: [me] } = await client.query<{ user: string; superuser: boolean; role_exists: boolean }>(
    `SELECT current_user AS user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
            EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'shop_maintenance')
              AND has_table_privilege('shop_maintenance', 'event_store.events', 'UPDATE') AS role_exists`,
  );
  if (me.user === 'shop_maintenance') return 'shop_maintenance';
  if (!me.superuser) {
    throw new NotMaintenance(
      `protect-personal-data rewrites the event log, which only the shop_maintenance role may do; connected as ${me.user}. ` +
        'Set MAINTENANCE_DATABASE_URL to shop_maintenance (its password is in DATA_DIR/database-roles.json) or a superuser; ' +
        'on the embedded default, run it with DATABASE_URL unset: `npm run projector` then uses the superuser kept in DATA_DIR/postgres.',
    );
  }
  if (me.role_exists) {
    await client.query('SET ROLE shop_maintenance');
    return 'shop_maintenance';
  }
  await client.query(`SET session_replication_role = replica`);
  return 'superuser without roles';
}

/** Refuses while any other process has the log open: it could append events this run would never see. */
export async function assertLogIdle(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ application_name: string; n: number }>(
    `SELECT application_name, count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ANY($1)
      GROUP BY application_name`,
    [LOG_USERS],
  );
  if (rows.length > 0) {
    const who = rows.map((r) => `${r.n} ${r.application_name} connection(s)`).join(', ');
    throw new LogInUse(`Another process has the event log open (${who}): stop the shop (API, projector, seed) before protect-personal-data rewrites the log.`);
  }
}

export async function protectPersonalData(
  client: pg.ClientBase,
  cipher: PersonalDataCipher,
  options: { batchSize?: number; progress?: (r: ProtectReport) => void } = {},
): Promise<ProtectReport> {
  const batchSize = options.batchSize ?? 500;
  const started = Date.now();
  const report: ProtectReport = { scanned: 0, encrypted: 0, alreadyEncrypted: 0, snapshotsDeleted: 0, streamsRenamed: 0, streamsKept: 0, batches: 0, seconds: 0 };
  let cursor: { tx: string; pos: string } = { tx: '0', pos: '0' };
  for (;;) {
    await client.query('BEGIN');
    try {
      // Writers wait (none should run: assertLogIdle); readers go on and read the same events.
      await client.query('LOCK TABLE event_store.events, event_store.streams IN EXCLUSIVE MODE');
      const { rows } = await client.query<Row>(
        `SELECT tx_id::text AS tx, global_position::text AS pos, event_id::text, stream_name, event_type, data, metadata
           FROM event_store.events
          WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND event_type = ANY($3)
          ORDER BY tx_id, global_position LIMIT $4`,
        [cursor.tx, cursor.pos, TYPES, batchSize],
      );
      for (const row of rows) await protectRow(client, cipher, row, report);
      await client.query('COMMIT');
      if (rows.length === 0) break;
      report.batches++;
      const last = rows[rows.length - 1];
      cursor = { tx: last.tx, pos: last.pos };
      options.progress?.({ ...report, seconds: (Date.now() - started) / 1000 });
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }
  // Subscriber streams named after a hash of the address: named after its subject now.
  await client.query('BEGIN');
  try {
    await client.query('LOCK TABLE event_store.events, event_store.streams IN EXCLUSIVE MODE');
    await renameSubscriberStreams(client, report);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/**
 * An event that names no subject of its own (a status move or a return written before their
 * reasons were personal carries no phone) is sealed under its stream's: the subject its first
 * event (the order's placing, sealed earlier in this run or before it) was sealed under.
 */
async function withStreamSubject(client: pg.ClientBase, row: Row): Promise<EventMetadata> {
  const declared = PERSONAL_FIELDS[row.event_type];
  if (!declared || typeof row.metadata?.subjectId === 'string' || valueAt(row.data, declared.subject.path) != null) return row.metadata;
  const { rows: [first] } = await client.query<{ subject_id: string | null }>(
    `SELECT metadata->>'subjectId' AS subject_id FROM event_store.events WHERE stream_name = $1 ORDER BY tx_id, global_position LIMIT 1`,
    [row.stream_name],
  );
  return first?.subject_id ? { ...row.metadata, subjectId: first.subject_id } : row.metadata;
}

async function protectRow(client: pg.ClientBase, cipher: PersonalDataCipher, row: Row, report: ProtectReport): Promise<void> {
  report.scanned++;
  if (row.event_type === SNAPSHOT_TAKEN) {
    if (!isPersonalSnapshot(row.event_type, row.data)) return;
    await client.query('DELETE FROM event_store.events WHERE tx_id = $1::xid8 AND global_position = $2', [row.tx, row.pos]);
    report.snapshotsDeleted++;
    return;
  }
  if (isSealed(row.data)) {
    report.alreadyEncrypted++;
    return;
  }
  const event: NewEvent = { id: row.event_id, type: row.event_type, data: row.data, metadata: await withStreamSubject(client, row) };
  const [sealed] = await cipher.seal(row.stream_name, [event]);
  if (sealed === event) return; // nothing personal in it (a checkout of the first schema)
  await client.query('UPDATE event_store.events SET data = $3::json, metadata = $4::json WHERE tx_id = $1::xid8 AND global_position = $2', [
    row.tx, row.pos, JSON.stringify(sealed.data), JSON.stringify(sealed.metadata),
  ]);
  report.encrypted++;
}

async function renameSubscriberStreams(client: pg.ClientBase, report: ProtectReport): Promise<void> {
  const { rows } = await client.query<{ stream_name: string; metadata: EventMetadata }>(
    `SELECT DISTINCT ON (stream_name) stream_name, metadata FROM event_store.events
      WHERE starts_with(stream_name, 'subscriber-') AND event_type = 'NewsletterSubscribed'
      ORDER BY stream_name, stream_revision`,
  );
  // Streams made since are named after their subject already; the older ones after a hash of the address.
  for (const { stream_name: stream, metadata } of rows) {
    const subjectId = typeof metadata?.subjectId === 'string' ? metadata.subjectId : undefined;
    const id = parseStreamName(stream)?.id;
    if (!subjectId || !id || id === subjectId) continue;
    const target = subscriberStream(subjectId);
    const taken = await client.query('SELECT 1 FROM event_store.streams WHERE stream_name = $1', [target]);
    if (taken.rowCount) {
      report.streamsKept++;
      continue;
    }
    await client.query(
      `UPDATE event_store.events SET stream_name = $2,
              data = (data::jsonb || jsonb_build_object('subscriberId', $3::text))::json
        WHERE stream_name = $1`,
      [stream, target, subjectId],
    );
    await client.query('UPDATE event_store.streams SET stream_name = $2 WHERE stream_name = $1', [stream, target]);
    report.streamsRenamed++;
  }
}
