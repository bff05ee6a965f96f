import pg from 'pg';
import { createTestDatabase } from './test-database.js';

describe('test databases (real PostgreSQL)', () => {
  it('creates an isolated database that answers queries, and drops it', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('SELECT current_database() AS name');
    await client.end();
    expect(rows[0].name).toBe(new URL(db.url).pathname.slice(1));
    await db.drop();
    const probe = new pg.Client({ connectionString: db.url });
    await expect(probe.connect()).rejects.toThrow(/does not exist/);
  });
});
