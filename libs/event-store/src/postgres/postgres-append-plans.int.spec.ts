import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { APPEND_GROUP, APPEND_STATEMENTS } from './postgres-append.sql.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { READ_STREAMS_FORWARDS } from './stream-read-batcher.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScannedTables(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScannedTables)];
}

/** A SQL literal of unknown type (arrays in their text form), so EXECUTE casts it to the parameter's type. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null) return 'NULL';
  if (!Array.isArray(value)) return client.escapeLiteral(String(value));
  const element = (v: unknown) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  return client.escapeLiteral(`{${value.map(element).join(',')}}`);
}

const one = (expected?: string) => [`s-${randomUUID()}`, randomUUID(), 'ThingHappened', '{}', '{}', ...(expected ? [expected] : [])];
const many = (expected?: string) => [`s-${randomUUID()}`, [randomUUID(), randomUUID()], ['A', 'B'], '[{},{}]', '[{},{}]', ...(expected ? [expected] : [])];
const group = () => [[`s-${randomUUID()}`, `s-${randomUUID()}`], ['no_stream', 'exact'], [null, '0'], [1, 1], [1, 2], [randomUUID(), randomUUID()], ['A', 'B'], '[{},{}]', '[{},{}]'];

/**
 * Appends run as named statements, and PostgreSQL keeps a connection's generic plan for as long
 * as the connection lives. A plan made while the log is small must still not scan the log (or
 * the streams) when it has grown: that once cost a lone writer a full scan of the log on every
 * append. Here every append statement is planned generically over a log of a few rows, the
 * situation in which a scan looks cheapest to the planner.
 */
describe('PostgreSQL event store: append and batched-read plans', () => {
  let db: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('esplan');
    const store = await PostgresEventStore.connect({ connectionString: db.url, poolSize: 2 });
    for (let i = 0; i < 8; i++) {
      await store.append(`seed-${i}`, [{ id: randomUUID(), type: 'ThingHappened', data: {}, metadata: { correlationId: randomUUID(), actor: { kind: 'system', id: 'test' }, occurredAt: new Date().toISOString() } }]);
    }
    await store.close();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('SET plan_cache_mode = force_generic_plan');
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  const cases: [string, string, unknown[]][] = [
    ...Object.entries(APPEND_STATEMENTS).flatMap(([mode, s]): [string, string, unknown[]][] => [
      [s.one.name, s.one.text, one(mode === 'exact' ? '0' : undefined)],
      [s.many.name, s.many.text, many(mode === 'exact' ? '1' : undefined)],
    ]),
    ['es_append_group', APPEND_GROUP, group()],
    ['es_read_streams_fwd', READ_STREAMS_FORWARDS, [['seed-1', 'seed-2', `s-${randomUUID()}`], ['0', '1', '0'], [null, 10, null]]],
  ];

  it.each(cases)('%s reaches the log and the streams through their indexes only', async (name, text, values) => {
    await client.query(`PREPARE ${name} AS ${text}`);
    // EXECUTE takes no bind parameters: its arguments go as literals, typed by the statement.
    const args = values.map((v) => literal(client, v)).join(', ');
    const { rows } = await client.query(`EXPLAIN (FORMAT JSON) EXECUTE ${name}(${args})`);
    const plan = rows[0]['QUERY PLAN'][0].Plan as PlanNode;
    expect(seqScannedTables(plan)).toEqual([]);
  });
});
