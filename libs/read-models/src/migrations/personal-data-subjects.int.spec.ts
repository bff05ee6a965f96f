import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { runReadModelMigrations } from '../data-source.js';
import { READ_MODEL_MIGRATIONS } from './index.js';
import { PersonalDataSubjects1765400000000 } from './1765400000000-personal-data-subjects.js';

/**
 * A shop whose customers projection was rebuilt before people were keyed by subject: the swapped-in
 * table's primary key is named after the rebuild's copy, and the migration must re-key it anyway.
 */
describe('personal-data subjects migration on read models rebuilt before it', () => {
  let db: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('pds');
    const before = new DataSource({
      type: 'postgres',
      url: db.url,
      migrations: READ_MODEL_MIGRATIONS.slice(0, READ_MODEL_MIGRATIONS.indexOf(PersonalDataSubjects1765400000000)),
      migrationsTableName: 'read_model_migrations',
    });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    await before.destroy();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // What the projector's rebuild does (table-sets.ts): a LIKE … INCLUDING ALL copy, swapped in.
    await client.query(`CREATE TABLE read.customers__build (LIKE read.customers INCLUDING ALL)`);
    await client.query(`INSERT INTO read.customers__build VALUES ('01012345678', 'Mona', 'H', NULL, '12 Tahrir', '4', '7', 'Dokki', 'GIZA', now(), now(), 'o-1', 1)`);
    await client.query(`DROP TABLE read.customers`);
    await client.query(`ALTER TABLE read.customers__build RENAME TO customers`);
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('keys customers by subject, their rows keeping the phone as subject, whatever the old key was named', async () => {
    const { rows: [before] } = await client.query(`SELECT conname FROM pg_constraint WHERE conrelid = 'read.customers'::regclass AND contype = 'p'`);
    expect(before.conname).not.toBe('customers_pkey');
    await runReadModelMigrations(db.url);
    const { rows: key } = await client.query(
      `SELECT c.conname, a.attname FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.conrelid = 'read.customers'::regclass AND c.contype = 'p'`,
    );
    expect(key).toEqual([{ conname: 'customers_pkey', attname: 'subject_id' }]);
    const { rows } = await client.query(`SELECT subject_id, phone FROM read.customers`);
    expect(rows).toEqual([{ subject_id: '01012345678', phone: '01012345678' }]);
    // The later folded-search migration also replaced the copy's trigram index, whatever the copy named it.
    const { rows: trigram } = await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'read' AND tablename = 'customers' AND indexdef LIKE '%gin_trgm_ops%'`);
    expect(trigram).toEqual([{ indexname: 'customers_search_trgm_idx', indexdef: expect.stringContaining('(search_text gin_trgm_ops)') }]);
  });
});
