/**
 * The PostgreSQL key store on a real server: subjects asked for together share one statement,
 * the same person asked for at once (in one process or two) gets one subject, and a destroyed
 * key reads as absent.
 */
import pg from 'pg';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { PostgresKeyStore } from './key-store.js';

describe('PostgreSQL key store', () => {
  let db: { url: string; drop: () => Promise<void> };
  let stores: PostgresKeyStore[];
  let admin: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('keystore');
    stores = [await PostgresKeyStore.connect({ connectionString: db.url, maxAgeMs: 0 }), await PostgresKeyStore.connect({ connectionString: db.url, maxAgeMs: 0 })];
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await Promise.all(stores.map((s) => s.close()));
    await db.drop();
  });

  const subjectCount = async () => Number((await admin.query('SELECT count(*) AS n FROM keystore.subjects')).rows[0].n);

  it('answers many subjects asked for at once, each with its own key, the same person once', async () => {
    const before = await subjectCount();
    const phones = Array.from({ length: 40 }, (_, i) => `0101000${String(i).padStart(4, '0')}`);
    // Each phone asked twice by each of two stores, all at once.
    const asked = [...phones, ...phones].flatMap((phone) => stores.map((s) => s.subjectFor('phone', phone).then((subject) => ({ phone, subject }))));
    const answers = await Promise.all(asked);
    const byPhone = new Map<string, Set<string>>();
    for (const { phone, subject } of answers) {
      expect(subject.key).toHaveLength(32);
      byPhone.set(phone, (byPhone.get(phone) ?? new Set()).add(subject.subjectId));
    }
    for (const ids of byPhone.values()) expect(ids.size).toBe(1);
    expect(new Set([...byPhone.values()].map((ids) => [...ids][0])).size).toBe(phones.length);
    // The losers of a race leave no subject behind.
    expect(await subjectCount()).toBe(before + phones.length);
    const { rows } = await admin.query('SELECT count(*) AS n FROM keystore.subjects s WHERE NOT EXISTS (SELECT 1 FROM keystore.lookups l WHERE l.subject_id = s.subject_id)');
    expect(Number(rows[0].n)).toBe(0);
  });

  it('gives a person the same subject and key later, and an e-mail a subject apart from a phone', async () => {
    const first = await stores[0].subjectFor('phone', '01099998888');
    const again = await stores[1].subjectFor('phone', '01099998888');
    expect(again).toEqual(first);
    const email = await stores[0].subjectFor('email', '01099998888');
    expect(email.subjectId).not.toBe(first.subjectId);
  });

  it('reads keys by subject id; a deleted key or an unknown id is absent, never an error', async () => {
    const kept = await stores[0].subjectFor('phone', '01055556666');
    const gone = await stores[0].subjectFor('phone', '01077778888');
    await admin.query('DELETE FROM keystore.subjects WHERE subject_id = $1', [gone.subjectId]);
    const keys = await stores[1].keysOf([kept.subjectId, gone.subjectId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']);
    expect([...keys.keys()]).toEqual([kept.subjectId]);
    expect(keys.get(kept.subjectId)?.equals(kept.key)).toBe(true);
  });
});
