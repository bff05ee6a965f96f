/**
 * The key store (PostgreSQL schema `keystore`, docs/adr/012): who a phone or e-mail belongs to,
 * and each person's data key. The API creates subjects and reads keys; the projector only reads
 * keys; nothing else connects to it. Keys never leave this process except into memory caches
 * bounded in size and age, as do the identifiers a subject was asked for by.
 */
import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SubjectKind } from '#domain/personal-data/personal-fields.js';
import { secureRandomBytes } from '#platform/crypto/random-bytes.js';
import { BoundedCache } from './bounded-cache.js';
import { LOOKUP_SECRET, migrateKeyStoreSchema } from './key-store.migration.js';
import { databaseTimeouts, poolTimeoutOptions, type DatabasePurpose } from '../postgres/pg-timeouts.js';

export interface Subject {
  subjectId: string;
  /** 32 bytes: AES-256-GCM. */
  key: Buffer;
}

/** What encryption and decryption need of a key store. */
export interface KeyStore {
  /** The subject of this (normalised) phone or e-mail, created with a new key when there is none. */
  subjectFor(kind: SubjectKind, identifier: string): Promise<Subject>;
  /** The keys of these subjects; a subject absent from the answer has no key (never had one, or it was destroyed). */
  keysOf(subjectIds: readonly string[]): Promise<Map<string, Buffer>>;
  /** A cached key only (no I/O): undefined when not cached or cached as absent. */
  cachedKey(subjectId: string): Buffer | null | undefined;
  /** The subject of this (normalised) phone or e-mail, never creating one: undefined when none (or erased). */
  findSubject(kind: SubjectKind, identifier: string): Promise<string | undefined>;
  /**
   * Destroys these subjects' keys and lookups (crypto-shredding, docs/adr/015): every event under
   * them reads as erased, here at once and in other processes once their cache ages out (5 s).
   * Idempotent: an absent subject is already destroyed. Returns how many were still there.
   */
  destroy(subjectIds: readonly string[]): Promise<number>;
  /**
   * Files one more (normalised) phone or e-mail under an existing subject (a corrected phone stays
   * with its person). False when it already names another subject, or the subject is gone.
   */
  addLookup(subjectId: string, kind: SubjectKind, identifier: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface KeyCacheBounds {
  /** Subjects kept in memory (default 20,000: a few MB). */
  maxEntries?: number;
  /** How long a cached key (or its absence) is trusted (default 5 s): how long a destroyed key may still decrypt here. */
  maxAgeMs?: number;
}

/** A ceiling on one batched statement's size (its arrays, its locks). */
const MAX_SUBJECTS_PER_STATEMENT = 256;

interface QueuedSubject {
  lookup: Buffer;
  kind: SubjectKind;
  /** Where the answer is cached: kind and identifier. */
  cacheKey: string;
  resolve(subject: Subject): void;
  reject(error: unknown): void;
}
/** Where a subject is cached: by the identifier it was asked for by (memory only, never stored). */
function subjectCacheKey(kind: SubjectKind, identifier: string): string {
  return `${kind}:${identifier}`;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class PostgresKeyStore implements KeyStore {
  /** subject id → key, or null: known to have none. */
  private readonly keys: BoundedCache<string, Buffer | null>;
  /** kind:identifier → subject. */
  private readonly subjects: BoundedCache<string, Subject>;
  private secret: Promise<Buffer> | undefined;
  /** Subjects asked for and not yet answered, by kind:identifier: a second ask joins the first. */
  private readonly pendingSubjects = new Map<string, Promise<Subject>>();
  private readonly queuedSubjects: QueuedSubject[] = [];
  private subjectsInFlight = false;

  private constructor(
    private readonly pool: pg.Pool,
    bounds: KeyCacheBounds,
    private readonly ownsPool: boolean,
  ) {
    const maxEntries = bounds.maxEntries ?? 20_000;
    const maxAgeMs = bounds.maxAgeMs ?? 5_000;
    this.keys = new BoundedCache(maxEntries, maxAgeMs);
    this.subjects = new BoundedCache(maxEntries, maxAgeMs);
  }

  /** Opens a small pool and migrates the schema when this role may (a test database, a single-role install). */
  static async connect(
    options: {
      connectionString: string;
      purpose?: DatabasePurpose;
      poolSize?: number;
      /**
       * The log is in this same database: a new subject's commit need not wait for its own WAL
       * flush, because the append that uses its key commits after it, synchronously, and
       * PostgreSQL flushes WAL in order: once the event is durable, so is its key. A crash between
       * the two loses only a subject no event names. Never for a log elsewhere (EventStoreDB).
       */
      durableThroughLog?: boolean;
    } & KeyCacheBounds,
  ): Promise<PostgresKeyStore> {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? 4,
      application_name: 'key-store',
      ...poolTimeoutOptions(databaseTimeouts(options.purpose ?? 'job')),
      ...(options.durableThroughLog ? { options: '-c synchronous_commit=off' } : {}),
    });
    // An idle connection ended by the server (a restart, a dropped database) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    try {
      await migrateKeyStoreSchema(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PostgresKeyStore(pool, options, true);
  }

  async subjectFor(kind: SubjectKind, identifier: string): Promise<Subject> {
    // Cached by the identifier itself (in memory only, bounded like the keys): a checkout asks
    // three or four times for one phone, and only the first needs the lookup's HMAC.
    const cacheKey = subjectCacheKey(kind, identifier);
    const cached = this.subjects.get(cacheKey);
    if (cached) return cached;
    let pending = this.pendingSubjects.get(cacheKey);
    if (!pending) {
      pending = this.lookupHash(kind, identifier).then(
        (lookup) =>
          new Promise<Subject>((resolve, reject) => {
            this.queuedSubjects.push({ lookup, kind, cacheKey, resolve, reject });
            this.flushSubjects();
          }),
      );
      this.pendingSubjects.set(cacheKey, pending);
      const forget = () => this.pendingSubjects.delete(cacheKey);
      pending.then(forget, forget);
    }
    return pending;
  }

  /**
   * Subjects asked for while a statement is in flight wait for it and go together in the next one:
   * one statement and one commit per batch rather than per checkout (group commit, as appends do),
   * with no added wait when the store is idle.
   */
  private flushSubjects(): void {
    if (this.subjectsInFlight || this.queuedSubjects.length === 0) return;
    const batch = this.queuedSubjects.splice(0, MAX_SUBJECTS_PER_STATEMENT);
    this.subjectsInFlight = true;
    this.findOrCreateSubjects(batch)
      .then(
        (subjects) => {
          batch.forEach((asked, i) => {
            const subject = subjects[i];
            if (subject) asked.resolve(subject);
            else asked.reject(new Error('Key store: a subject was created and removed at once; try again'));
          });
        },
        (e: unknown) => {
          for (const asked of batch) asked.reject(e);
        },
      )
      .finally(() => {
        this.subjectsInFlight = false;
        this.flushSubjects();
      });
  }

  /** The subject of each of `batch` (distinct lookups), in its order, cached: found, or new with its key. */
  private async findOrCreateSubjects(batch: readonly QueuedSubject[]): Promise<Array<Subject | undefined>> {
    const ids = batch.map(() => randomUUID());
    const keys = batch.map(() => secureRandomBytes(32));
    // One statement: the subjects found, and new ones with their keys and lookups. Two writers of
    // one new person race on the lookup's key: the loser's subject is left without a lookup, and
    // is removed and looked up again below.
    const { rows } = await this.pool.query<{ lookup: Buffer; subject_id: string; data_key: Buffer }>({
      name: 'keystore-subjects-for',
      text: `WITH asked AS (
         SELECT * FROM unnest($1::bytea[], $2::uuid[], $3::bytea[], $4::text[]) AS a(lookup, subject_id, data_key, kind)
       ), found AS (
         SELECT l.lookup, l.subject_id, s.data_key FROM keystore.lookups l JOIN keystore.subjects s USING (subject_id)
         WHERE l.lookup = ANY($1::bytea[])
       ), new_subject AS (
         INSERT INTO keystore.subjects (subject_id, data_key)
         SELECT a.subject_id, a.data_key FROM asked a WHERE NOT EXISTS (SELECT 1 FROM found f WHERE f.lookup = a.lookup)
         RETURNING subject_id, data_key
       ), new_lookup AS (
         INSERT INTO keystore.lookups (lookup, subject_id, kind)
         SELECT a.lookup, a.subject_id, a.kind FROM asked a JOIN new_subject USING (subject_id)
         ON CONFLICT (lookup) DO NOTHING RETURNING lookup, subject_id
       )
       SELECT lookup, subject_id::text, data_key FROM found
       UNION ALL SELECT n.lookup, n.subject_id::text, s.data_key FROM new_lookup n JOIN new_subject s USING (subject_id)`,
      values: [batch.map((b) => b.lookup), ids, keys, batch.map((b) => b.kind)],
    });
    const found = new Map<string, Subject>();
    for (const r of rows) found.set(r.lookup.toString('hex'), { subjectId: r.subject_id, key: r.data_key });
    const lost = batch.filter((b) => !found.has(b.lookup.toString('hex')));
    if (lost.length > 0) {
      await this.pool
        .query('DELETE FROM keystore.subjects s WHERE s.subject_id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM keystore.lookups l WHERE l.subject_id = s.subject_id)', [ids])
        .catch(() => undefined);
      const again = await this.pool.query<{ lookup: Buffer; subject_id: string; data_key: Buffer }>(
        'SELECT l.lookup, l.subject_id::text, s.data_key FROM keystore.lookups l JOIN keystore.subjects s USING (subject_id) WHERE l.lookup = ANY($1::bytea[])',
        [lost.map((b) => b.lookup)],
      );
      for (const r of again.rows) found.set(r.lookup.toString('hex'), { subjectId: r.subject_id, key: r.data_key });
    }
    return batch.map((asked) => {
      const subject = found.get(asked.lookup.toString('hex'));
      if (subject) {
        this.subjects.set(asked.cacheKey, subject);
        this.keys.set(subject.subjectId, subject.key);
      }
      return subject;
    });
  }

  cachedKey(subjectId: string): Buffer | null | undefined {
    return this.keys.get(subjectId);
  }

  async findSubject(kind: SubjectKind, identifier: string): Promise<string | undefined> {
    const lookup = await this.lookupHash(kind, identifier);
    const { rows } = await this.pool.query<{ subject_id: string }>('SELECT subject_id::text FROM keystore.lookups WHERE lookup = $1', [lookup]);
    return rows[0]?.subject_id;
  }

  async addLookup(subjectId: string, kind: SubjectKind, identifier: string): Promise<boolean> {
    if (!UUID.test(subjectId)) return false;
    const lookup = await this.lookupHash(kind, identifier);
    const { rows } = await this.pool.query<{ subject_id: string }>(
      `WITH added AS (
         INSERT INTO keystore.lookups (lookup, subject_id, kind) SELECT $1, subject_id, $3 FROM keystore.subjects WHERE subject_id = $2
         ON CONFLICT (lookup) DO NOTHING RETURNING subject_id
       )
       SELECT subject_id::text FROM added UNION ALL SELECT subject_id::text FROM keystore.lookups WHERE lookup = $1`,
      [lookup, subjectId, kind],
    );
    this.subjects.delete(subjectCacheKey(kind, identifier));
    return rows[0]?.subject_id === subjectId;
  }

  async destroy(subjectIds: readonly string[]): Promise<number> {
    const ids = [...new Set(subjectIds)].filter((id) => UUID.test(id));
    for (const id of ids) this.keys.set(id, null);
    this.subjects.clear(); // a destroyed subject's other identifiers (a corrected phone, an e-mail) are not known here
    if (ids.length === 0) return 0;
    const { rowCount } = await this.pool.query('DELETE FROM keystore.subjects WHERE subject_id = ANY($1::uuid[])', [ids]);
    // The deleted rows' bytes stay in their heap pages until a vacuum (docs/adr/012). Only the
    // table's owner may vacuum it: as the API's own role PostgreSQL skips it with a warning, and
    // the shop_keystore maintenance (or autovacuum) does it instead.
    if ((rowCount ?? 0) > 0) await this.pool.query('VACUUM keystore.subjects, keystore.lookups').catch(() => undefined);
    return rowCount ?? 0;
  }

  async keysOf(subjectIds: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of new Set(subjectIds)) {
      const cached = this.keys.get(id);
      if (cached) found.set(id, cached);
      else if (cached === undefined && UUID.test(id)) missing.push(id);
    }
    if (missing.length === 0) return found;
    const { rows } = await this.pool.query<{ subject_id: string; data_key: Buffer }>({
      name: 'keystore-keys-of',
      text: 'SELECT subject_id::text, data_key FROM keystore.subjects WHERE subject_id = ANY($1::uuid[])',
      values: [missing],
    });
    for (const r of rows) {
      found.set(r.subject_id, r.data_key);
      this.keys.set(r.subject_id, r.data_key);
    }
    for (const id of missing) if (!found.has(id)) this.keys.set(id, null);
    return found;
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }

  /** HMAC-SHA-256 under the store's secret, read once (the key store's migration made it). */
  private async lookupHash(kind: SubjectKind, identifier: string): Promise<Buffer> {
    this.secret ??= this.loadSecret().catch((e) => {
      this.secret = undefined;
      throw e;
    });
    return createHmac('sha256', await this.secret).update(`${kind}:${identifier}`, 'utf8').digest();
  }

  /** Read only: the services' roles may not write keystore.secrets, and need not. */
  private async loadSecret(): Promise<Buffer> {
    const { rows } = await this.pool.query<{ secret: Buffer }>('SELECT secret FROM keystore.secrets WHERE name = $1', [LOOKUP_SECRET]);
    if (!rows[0]) throw new Error('Key store: no lookup secret; the key store\'s migration (npm run db:roles, or npm start) makes it');
    return rows[0].secret;
  }
}
