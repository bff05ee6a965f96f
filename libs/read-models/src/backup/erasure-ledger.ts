import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { ERASURE_REASONS, erasedSubjects, type PersonalDataErased, type PersonalDataErasureHeld } from '#domain/personal-data/events.js';
import { isUuid } from '#domain/shared/uuid-from-name.js';
import { personalDataStream } from '#domain/streams.js';
import type { EventMetadata, EventStore } from '#event-store/event-store.port.js';

/**
 * The erasure ledger: every PersonalDataErased the log holds, as written (subject ids, order ids,
 * a reason code and times; never the personal data itself), and every erasure held for unfinished
 * orders (PersonalDataErasureHeld: a restored shop must still run it when they finish). The log is where an erasure is
 * recorded, before its keys are destroyed, so one interrupted between the two is in it too. Each
 * backup's keys part carries the ledger of its snapshot, so a backup taken before an erasure can be
 * restored with a newer part's ledger and the erased stay erased (docs/adr/026).
 */
export const ERASURES_FILE = 'erasures.json';
export const LEDGER_FORMAT = 'poster-shop-erasures/1';

export interface LedgerEntry {
  eventId: string;
  data: PersonalDataErased['data'];
  metadata: EventMetadata;
  recordedAt: string;
}

export interface HoldEntry {
  eventId: string;
  data: PersonalDataErasureHeld['data'];
  metadata: EventMetadata;
  recordedAt: string;
}

export interface ErasureLedger {
  format: typeof LEDGER_FORMAT;
  /** The snapshot it was read in: it holds every erasure recorded before then. */
  takenAt: string;
  backupId: string;
  erasures: LedgerEntry[];
  /** Held erasures (absent from ledgers written before holds existed). */
  holds?: HoldEntry[];
}

/** The ledger as the log holds it, in the caller's transaction (the backup's snapshot). */
export async function readLedger(db: pg.ClientBase, about: { takenAt: string; backupId: string }): Promise<ErasureLedger> {
  const { rows } = await db.query<{ event_id: string; data: PersonalDataErased['data']; metadata: EventMetadata; created_at: Date }>(
    `SELECT event_id::text, data, metadata, created_at FROM event_store.events WHERE event_type = 'PersonalDataErased' ORDER BY tx_id, global_position`,
  );
  const held = await db.query<{ event_id: string; data: PersonalDataErasureHeld['data']; metadata: EventMetadata; created_at: Date }>(
    `SELECT event_id::text, data, metadata, created_at FROM event_store.events WHERE event_type = 'PersonalDataErasureHeld' ORDER BY tx_id, global_position`,
  );
  return {
    format: LEDGER_FORMAT,
    takenAt: about.takenAt,
    backupId: about.backupId,
    erasures: rows.map((r) => ({ eventId: r.event_id, data: r.data, metadata: r.metadata, recordedAt: r.created_at.toISOString() })),
    holds: held.rows.map((r) => ({ eventId: r.event_id, data: r.data, metadata: r.metadata, recordedAt: r.created_at.toISOString() })),
  };
}

export function ledgerText(ledger: ErasureLedger): string {
  return `${JSON.stringify(ledger, null, 1)}\n`;
}

export function ledgerSha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The ledger given to `npm run restore -- --erasures <path>`: a ledger file, a backup's keys part,
 * or a backup directory (its keys part). Refuses anything that is not one, whole.
 */
export function loadLedger(given: string): ErasureLedger {
  const where = path.resolve(given);
  if (!existsSync(where)) throw new Error(`--erasures ${given}: no such file or directory`);
  const candidates = statSync(where).isDirectory() ? [path.join(where, ERASURES_FILE), path.join(where, 'keys', ERASURES_FILE)] : [where];
  const file = candidates.find((f) => existsSync(f));
  if (!file) throw new Error(`--erasures ${given}: holds no ${ERASURES_FILE} (give a newer backup, its keys part, or a ledger file)`);
  const text = readFileSync(file);
  const manifest = path.join(path.dirname(file), 'manifest.json');
  if (existsSync(manifest)) {
    const expected = (JSON.parse(readFileSync(manifest, 'utf8')) as { erasures?: { sha256: string } }).erasures?.sha256;
    if (expected && expected !== ledgerSha256(text)) throw new Error(`${file} is damaged: its checksum differs from the manifest's`);
  }
  let ledger: ErasureLedger;
  try {
    ledger = JSON.parse(text.toString('utf8')) as ErasureLedger;
  } catch {
    throw new Error(`${file}: not an erasure ledger (not JSON)`);
  }
  if (ledger?.format !== LEDGER_FORMAT) throw new Error(`${file}: format ${String(ledger?.format)}, this release reads ${LEDGER_FORMAT}`);
  if (!Array.isArray(ledger.erasures) || Number.isNaN(Date.parse(ledger.takenAt))) throw new Error(`${file}: not an erasure ledger (no takenAt or erasures)`);
  ledger.erasures.forEach((e, i) => {
    const d = e?.data;
    const ok = isUuid(e?.eventId ?? '') && d && isUuid(d.subjectId ?? '') && Array.isArray(d.newsletterSubjectIds) && d.newsletterSubjectIds.every((id) => isUuid(String(id)))
      && Array.isArray(d.orderIds) && ERASURE_REASONS.includes(d.reason) && !Number.isNaN(Date.parse(d.erasedAt)) && typeof e.metadata === 'object' && e.metadata !== null;
    if (!ok) throw new Error(`${file}: erasures[${i}] is not an erasure (eventId, data.subjectId, newsletterSubjectIds, orderIds, reason, erasedAt)`);
  });
  if (ledger.holds !== undefined && !Array.isArray(ledger.holds)) throw new Error(`${file}: holds is not a list`);
  (ledger.holds ?? []).forEach((h, i) => {
    const d = h?.data;
    const ok = isUuid(h?.eventId ?? '') && d && isUuid(d.subjectId ?? '') && Array.isArray(d.orderIds) && ERASURE_REASONS.includes(d.reason) && typeof d.legalBasis === 'string'
      && !Number.isNaN(Date.parse(d.heldAt)) && (d.expectedEnd === null || !Number.isNaN(Date.parse(d.expectedEnd))) && typeof h.metadata === 'object' && h.metadata !== null;
    if (!ok) throw new Error(`${file}: holds[${i}] is not a hold (eventId, data.subjectId, orderIds, reason, legalBasis, heldAt, expectedEnd)`);
  });
  return ledger;
}

export interface AppliedLedger {
  /** Erasures the restored log lacked, appended to it now. */
  appended: number;
  /** Holds the restored log lacked (of subjects not erased), appended to it now: they run when their orders finish. */
  holdsAppended: number;
  /** Keys of erased subjects the restored key store still held. */
  keysDestroyed: number;
}

/**
 * Makes the restored shop's log and key store agree with the ledger, before the shop starts:
 * every erasure the log lacks is appended as it was recorded (same event id, so the log now
 * carries it into later backups and the projector erases the read models from it as it builds
 * them), and the keys of every erased subject are destroyed and their table vacuumed.
 */
export async function applyLedger(db: pg.ClientBase, store: EventStore, ledger: ErasureLedger): Promise<AppliedLedger> {
  const { rows } = await db.query<{ event_id: string }>(`SELECT event_id::text FROM event_store.events WHERE event_type IN ('PersonalDataErased', 'PersonalDataErasureHeld')`);
  const inLog = new Set(rows.map((r) => r.event_id));
  let appended = 0;
  let holdsAppended = 0;
  const erasedInLedger = new Set(ledger.erasures.map((e) => e.data.subjectId));
  // Holds first, in their order: a subject's stream reads hold, then erasure, as it was written.
  for (const h of ledger.holds ?? []) {
    if (inLog.has(h.eventId) || erasedInLedger.has(h.data.subjectId)) continue;
    const stream = personalDataStream(h.data.subjectId);
    if ((await store.readStream(stream)).some((e) => e.type === 'PersonalDataErased')) continue;
    await store.append(stream, [{ id: h.eventId, type: 'PersonalDataErasureHeld', data: h.data, metadata: { ...h.metadata, appliedAtRestore: true } }], { expectedRevision: 'any' });
    holdsAppended += 1;
  }
  for (const e of ledger.erasures) {
    if (inLog.has(e.eventId)) continue;
    // A subject's stream takes one erasure: one already there (another id) is this same erasure.
    const stream = personalDataStream(e.data.subjectId);
    if ((await store.readStream(stream)).some((x) => x.type === 'PersonalDataErased')) continue;
    await store.append(stream, [{ id: e.eventId, type: 'PersonalDataErased', data: e.data, metadata: { ...e.metadata, appliedAtRestore: true } }], { expectedRevision: 'any' });
    appended += 1;
  }
  const subjects = [...new Set(ledger.erasures.flatMap((e) => erasedSubjects(e.data)))];
  const { rowCount } = await db.query(`DELETE FROM keystore.subjects WHERE subject_id = ANY($1::uuid[])`, [subjects]);
  await db.query(`VACUUM (INDEX_CLEANUP ON) keystore.subjects, keystore.lookups`);
  return { appended, holdsAppended, keysDestroyed: rowCount ?? 0 };
}
