import 'reflect-metadata';
import { DataSource, type DataSourceOptions, type Logger } from 'typeorm';
import { createReadDataSource, runReadModelMigrations } from '#read-models/data-source.js';
import { createTestDatabase } from '#platform/testing/test-database.js';
import { AdminCustomersController } from '../customers/admin-customers.controller.js';
import { AdminNewsletterController } from '../content/newsletter.controller.js';
import { DEFAULT_COD_RISK_THRESHOLDS } from '#domain/order/cod-risk.js';
import { CustomerReads } from '../../reads/customers.reads.js';
import { NewsletterReads } from '../../reads/newsletter.reads.js';
import { OrderReads } from '../../reads/orders.reads.js';
import { PosterReads } from '../../reads/posters.reads.js';
import { DiscountReads } from '../../reads/discounts.reads.js';
import { foldForSearch } from '#domain/shared/search-folding.js';
import { parseOrderFilters } from '../orders/order-filters.js';
import type { CommandBus } from '@nestjs/cqrs';

/** Large enough that a sequential scan is the planner's choice unless an index answers the query. */
const ORDERS = 30_000;
const LARGE_TABLES = new Set(['orders', 'order_items', 'customers', 'newsletter_subscribers', 'posters']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScansOfLargeTables(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && LARGE_TABLES.has(node['Relation Name'] ?? '') ? [node['Relation Name']!] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScansOfLargeTables)];
}

/** Order rows i = first..last straight in SQL (a fixture of the projector's output), placed ten minutes apart from 2026-01-01 + i. */
function ordersFixture(ds: DataSource) {
  return (first: number, last: number) =>
    ds.query(
      `INSERT INTO read.orders
         SELECT 'o-' || i, 'PS-' || lpad(i::text, 8, '0'), 'c-' || i, (ARRAY['PLACED','SHIPPED','CANCELED'])[1 + i % 3],
                'First' || (i % 997), 'Last' || (i % 991), '010' || lpad(i::text, 8, '0'), NULL,
                'Street ' || i, '1', '2', 'Cairo', 'CAIRO', 30.0444, 31.2357, NULL, 'COD', NULL, NULL, 0,
                (i * 7919) % 100000, 0, 0, 5000, 1000, 0, (i * 7919) % 100000 + 6000, 1,
                timestamptz '2026-01-01T00:00:00Z' + i * interval '10 minutes', now(), NULL,
                lower('PS-' || lpad(i::text, 8, '0') || ' o-' || i || ' First' || (i % 997) || ' Last' || (i % 991) || ' 010' || lpad(i::text, 8, '0') || ' COD'), 0,
                's-' || i
         FROM generate_series($1::int, $2::int) AS i`,
      [first, last],
    );
}

/**
 * Poster rows i = 1..n as the projector writes them, search_text folded by the domain: one in a
 * thousand is an old map of Alexandria (in Arabic), the others plain English titles.
 */
async function insertPosters(ds: DataSource, n: number) {
  const rows = Array.from({ length: n }, (_, k) => {
    const i = k + 1;
    const name = i % 1000 === 0 ? `خريطة الإسكندرية القديمة ${i}` : `Poster ${i}`;
    const description = i % 1000 === 0 ? 'طبعة ١٩٥٠' : `A print, number ${i}`;
    return { id: `p-${i}`, name, description, search_text: foldForSearch(`${name} ${description}`), created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() };
  });
  await ds.query(
    `INSERT INTO read.posters (id, name, description, category, image_url, visible, deleted, variants, has_discount, discount_percentage,
                               original_price_sample, discounted_price_sample, min_price, max_price, min_discounted_price, search_text, created_at, updated_at, deleted_at)
     SELECT x.id, x.name, x.description, 'MAPS', '', true, false, '[]'::jsonb, false, 0, 5000, 5000, 5000, 5000, 5000, x.search_text, x.created_at, x.created_at, NULL
       FROM json_to_recordset($1::json) AS x(id text, name text, description text, search_text text, created_at timestamptz)`,
    [JSON.stringify(rows)],
  );
}

/** Every SELECT the list code sends, with its parameters, so the test explains the real queries. */
class RecordingLogger implements Logger {
  queries: { sql: string; parameters: unknown[] }[] = [];
  logQuery(sql: string, parameters?: unknown[]) {
    if (/^\s*SELECT/i.test(sql)) this.queries.push({ sql, parameters: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

/**
 * Each back-office list query, run by the API's own code against read models holding tens of
 * thousands of rows, is planned without a sequential scan of a large table: the indexes of the
 * AdminListIndexes migration answer page 1, far pages, substring searches, filters and sorts.
 */
describe('admin list queries use indexes at scale', () => {
  let db: { url: string; drop: () => Promise<void> };
  let ds: DataSource;
  let insertOrders: (first: number, last: number) => Promise<unknown>;
  const logger = new RecordingLogger();

  beforeAll(async () => {
    db = await createTestDatabase('plans');
    await runReadModelMigrations(db.url);
    ds = new DataSource({ ...createReadDataSource(db.url).options, logging: ['query'], logger } as DataSourceOptions);
    await ds.initialize();
    // The shop's hot reads send prepared statements on the DataSource's pool itself (preparedRows),
    // past TypeORM's logger: record those too.
    const pool = (ds.driver as unknown as { master: { query: (config: unknown, values?: unknown) => Promise<unknown> } }).master;
    const query = pool.query.bind(pool);
    pool.query = (config: unknown, values?: unknown) => {
      const { text, values: parameters } = config as { text?: string; values?: unknown[] };
      if (typeof text === 'string') logger.logQuery(text, parameters);
      return query(config, values);
    };
    insertOrders = ordersFixture(ds);
    // Read-model rows straight in SQL: a fixture of the projector's output, not a path under test.
    await insertOrders(1, ORDERS);
    await ds.query(
      `INSERT INTO read.order_items
       SELECT 'o-' || i, 1, 'item-' || i, 'poster', 'p-1', NULL, 'v-1', 'Poster', 'ART', NULL, NULL, 'SIZE_30x40', 1, 5000, 5000, 0, 5000
       FROM generate_series(1, $1) AS i`,
      [ORDERS],
    );
    await ds.query(
      `INSERT INTO read.customers
       SELECT '010' || lpad(i::text, 8, '0'), 'First' || (i % 997), 'Last' || (i % 991), 'c' || i || '@example.com', 'Street', '1', '2', 'Cairo', 'CAIRO',
              timestamptz '2026-01-01T00:00:00Z' + i * interval '10 minutes', timestamptz '2026-01-01T00:00:00Z' + i * interval '10 minutes', 'o-' || i, 1, 's-' || i,
              lower('First' || (i % 997) || ' Last' || (i % 991) || ' 010' || lpad(i::text, 8, '0') || ' c' || i || '@example.com')
       FROM generate_series(1, $1) AS i`,
      [ORDERS],
    );
    await ds.query(
      `INSERT INTO read.newsletter_subscribers
       SELECT 's-' || i, 'fan' || i || '@example.com', timestamptz '2026-01-01T00:00:00Z' + i * interval '10 minutes' FROM generate_series(1, $1) AS i`,
      [ORDERS],
    );
    await insertPosters(ds, ORDERS);
    // The counts the projections keep beside these tables (orders, customers, newsletter).
    for (const [counts, table] of [['order_counts', 'orders'], ['customer_counts', 'customers'], ['newsletter_subscriber_counts', 'newsletter_subscribers']]) {
      await ds.query(`INSERT INTO read.${counts} (id, n) SELECT 1, count(*) FROM read.${table}`);
    }
    // Statistics, and the visibility map autovacuum keeps in a running shop: without it an
    // unfiltered count(*) cannot be an index-only scan.
    await ds.query('VACUUM ANALYZE read.orders, read.order_items, read.customers, read.newsletter_subscribers, read.posters');
  }, 60_000);

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const orders = () => new OrderReads(ds, { codRisk: DEFAULT_COD_RISK_THRESHOLDS });
  const noCommands = {} as CommandBus;
  const posters = () => new PosterReads(ds, new DiscountReads(ds));
  const shopPosters = (search: string) => posters().onSale({ page: 1, limit: 10, search }).then((p) => ({ totalItems: p.totalItems, data: p.items }));

  /** How many fixture rows (i = 1..ORDERS) a predicate keeps: the exact count each answer must give. */
  const rowsWhere = (keep: (i: number) => boolean) => Array.from({ length: ORDERS }, (_, k) => k + 1).filter(keep).length;
  const at = (i: number) => Date.parse('2026-01-01T00:00:00Z') + i * 600_000;
  const from = '2026-02-01T00:00:00.000Z';
  const to = '2026-02-10T00:00:00.000Z';

  const cases: [string, () => Promise<{ totalItems: number; data: unknown[] }>, number][] = [
    ['orders, page 1, latest first', () => orders().list(parseOrderFilters({}), { page: 1, size: 10 }), ORDERS],
    ['orders, the middle page', () => orders().list(parseOrderFilters({}), { page: ORDERS / 20, size: 10 }), ORDERS],
    ['orders, the middle page, oldest first', () => orders().list(parseOrderFilters({ sort: 'oldest' }), { page: ORDERS / 20 + 7, size: 10 }), ORDERS],
    ['orders, the last page', () => orders().list(parseOrderFilters({}), { page: ORDERS / 10, size: 10 }), ORDERS],
    ['orders, a phone fragment', () => orders().list(parseOrderFilters({ search: '00012345' }), { page: 1, size: 10 }), 1],
    [
      'orders, a name fragment',
      () => orders().list(parseOrderFilters({ search: 'first99' }), { page: 1, size: 10 }),
      rowsWhere((i) => String(i % 997).startsWith('99')),
    ],
    ['orders, a phone typed in Arabic-Indic digits', () => orders().list(parseOrderFilters({ search: '٠١٠٠٠٠١٢٣٤٥' }), { page: 1, size: 10 }), 1],
    ['orders, a phone typed with +20 and spaces', () => orders().list(parseOrderFilters({ search: '+20 100 001 2345' }), { page: 1, size: 10 }), 1],
    ['orders, a status word in Arabic (no order is confirmed)', () => orders().list(parseOrderFilters({ search: 'مؤكد' }), { page: 1, size: 10 }), 0],
    ['orders, an order number', () => orders().list(parseOrderFilters({ search: 'PS-00004242' }), { page: 1, size: 10 }), 1],
    [
      'orders, status and a time window',
      () => orders().list(parseOrderFilters({ status: 'SHIPPED', dateFrom: from, dateTo: to }), { page: 2, size: 10 }),
      rowsWhere((i) => i % 3 === 1 && at(i) >= Date.parse(from) && at(i) <= Date.parse(to)),
    ],
    ['orders, by total, high to low', () => orders().list(parseOrderFilters({ sort: 'total_desc' }), { page: 1, size: 10 }), ORDERS],
    ['orders, by total, last page', () => orders().list(parseOrderFilters({ sort: 'total_desc' }), { page: ORDERS / 10, size: 10 }), ORDERS],
    ['orders, by customer', () => orders().list(parseOrderFilters({ sort: 'customer_asc' }), { page: 3, size: 10 }), ORDERS],
    ['orders, by status', () => orders().list(parseOrderFilters({ sort: 'status_desc' }), { page: 2, size: 10 }), ORDERS],
    ['customers, page 1', () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ page: '1', size: '10' }), ORDERS],
    ['customers, the last page', () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ page: String(ORDERS / 10), size: '10' }), ORDERS],
    ['customers, a phone fragment', () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ search: '00012345', size: '10' }), 1],
    ['customers, a phone typed in Arabic-Indic digits', () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ search: '٠١٠٠٠٠١٢٣٤٥', size: '10' }), 1],
    ['customers, a phone typed with +20 and spaces', () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ search: '+20 100 001 2345', size: '10' }), 1],
    [
      'customers, a name fragment in capitals',
      () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ search: 'LAST99', size: '10' }),
      rowsWhere((i) => String(i % 991).startsWith('99')),
    ],
    [
      'customers, a name fragment',
      () => new AdminCustomersController(new CustomerReads(ds)).getCustomers({ search: 'last99', size: '10' }),
      rowsWhere((i) => String(i % 991).startsWith('99')),
    ],
    ['newsletter, page 1', () => new AdminNewsletterController(noCommands, new NewsletterReads(ds)).getSubscribers({ size: '10' }), ORDERS],
    ['newsletter, an e-mail fragment', () => new AdminNewsletterController(noCommands, new NewsletterReads(ds)).getSubscribers({ search: 'fan1234@', size: '10' }), 1],
    ['shop posters, an Arabic word spelt another way', () => shopPosters('الاسكندريه'), ORDERS / 1000],
    ['shop posters, a year in Arabic-Indic digits', () => shopPosters('١٩٥٠'), rowsWhere((i) => i % 1000 === 0 || String(i).includes('1950'))],
    ['shop posters, an English fragment', () => shopPosters('POSTER 1234'), rowsWhere((i) => i % 1000 !== 0 && String(i).startsWith('1234'))],
    ['admin posters, an Arabic word with ta marbuta as ha', () => posters().adminPage({ page: 1, size: 10 }, 'خريطه'), ORDERS / 1000],
  ];

  it.each(cases)('%s: exact count, no sequential scan of a large table', async (_name, run, expected) => {
    logger.queries = [];
    const page = await run();
    expect(page.totalItems).toBe(expected);
    expect(page.data.length).toBe(Math.min(10, expected));
    expect(logger.queries.length).toBeGreaterThan(0);
    for (const { sql, parameters } of logger.queries) {
      const [{ 'QUERY PLAN': plan }] = await ds.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
      expect({ sql, seqScans: seqScansOfLargeTables(plan[0].Plan) }).toEqual({ sql, seqScans: [] });
    }
  });

  it('a deep page by date is the rows an OFFSET reads, also after newer orders and after an order placed before the others', async () => {
    const queries = orders();
    const byOffset = (sort: 'latest' | 'oldest', page: number) =>
      ds.query(`SELECT id FROM read.orders ORDER BY placed_at ${sort === 'latest' ? 'DESC' : 'ASC'}, id ${sort === 'latest' ? 'DESC' : 'ASC'} OFFSET $1 LIMIT 20`, [(page - 1) * 20]);
    const expectSamePages = async () => {
      const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM read.orders');
      for (const sort of ['latest', 'oldest'] as const) {
        for (const page of [60, Math.ceil(n / 40), Math.ceil(n / 20) - 60]) {
          logger.queries = [];
          const listed = await queries.list(parseOrderFilters({ sort }), { page, size: 20 });
          // Read from an anchor, not by an OFFSET from either end.
          expect(logger.queries.map((q) => q.sql).filter((sql) => sql.includes('"o"."id") >= (CAST(')).length).toBe(1);
          expect({ sort, page, ids: listed.data.map((o) => (o as { id: string }).id) }).toEqual({ sort, page, ids: (await byOffset(sort, page)).map((r: { id: string }) => r.id) });
        }
      }
    };
    const grow = async (first: number, last: number) => {
      await insertOrders(first, last);
      await ds.query('UPDATE read.order_counts SET n = (SELECT count(*) FROM read.orders) WHERE id = 1');
    };
    try {
      await expectSamePages();
      await grow(ORDERS + 1, ORDERS + 1500); // placed after every other: the anchors stay exact
      await expectSamePages();
      await grow(ORDERS + 1501, ORDERS + 6000); // more than the anchors check: rebuilt
      await expectSamePages();
      await grow(0, 0); // placed before every other: every rank moved, the anchors are rebuilt
      await expectSamePages();
    } finally {
      await ds.query(`DELETE FROM read.orders WHERE id = 'o-0' OR id IN (SELECT 'o-' || i FROM generate_series($1::int, $2::int) AS i)`, [ORDERS + 1, ORDERS + 6000]);
      await ds.query('UPDATE read.order_counts SET n = (SELECT count(*) FROM read.orders) WHERE id = 1');
    }
  });
});
