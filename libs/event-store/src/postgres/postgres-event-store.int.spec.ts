import pg from 'pg';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { eventStoreContract } from '../contract/event-store.contract.js';
import { appendOn, PostgresEventStore } from './postgres-event-store.js';

eventStoreContract(
  'PostgreSQL',
  async () => {
    const db = await createTestDatabase('es');
    const store = await PostgresEventStore.connect({ connectionString: db.url, poolSize: 12 });
    const otherStore = await PostgresEventStore.connect({ connectionString: db.url, poolSize: 4 });
    return {
      store,
      otherStore,
      async appendInOpenTransaction(stream, events) {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        await client.query('BEGIN');
        await appendOn(client, stream, events, 'any');
        return {
          async commit() {
            await client.query('COMMIT');
            await client.end();
          },
        };
      },
      async dispose() {
        await store.close();
        await otherStore.close();
        await db.drop();
      },
    };
  },
  { openTransactions: true },
);
