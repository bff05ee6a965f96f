import pg from 'pg';
import { streamPrefix, type EventLogFilters } from '../event-log-filters.js';
import type { Position, RecordedEvent } from '../event-store.port.js';
import { toRecordedEvent } from './postgres-event-store.js';
import { COLUMNS, HORIZON } from './postgres-read.sql.js';
import { databaseTimeouts, poolTimeoutOptions, type DatabasePurpose } from './pg-timeouts.js';

/**
 * The adapter's table searched in SQL for the event browser (read-only), so time windows and
 * correlation ids are filtered by the database instead of a scan of the log. Same cursor and
 * cut-off as the adapter's reads: (tx_id, global_position), below the oldest running
 * transaction, so a page never skips an event that commits late.
 */
export class PostgresEventLog {
  private readonly pool: pg.Pool;

  /** 'request' for the event browser's pages; 'job' for a log export, whose pages may be slower. */
  constructor(connectionString: string, purpose: DatabasePurpose = 'request') {
    this.pool = new pg.Pool({ connectionString, max: 3, application_name: 'api-event-browser', ...poolTimeoutOptions(databaseTimeouts(purpose)) });
    this.pool.on('error', () => undefined);
  }

  /** Up to `limit` matching events after the cursor in the order asked, and whether more follow. */
  async page(filters: EventLogFilters, options: { after?: Position; limit: number; order: 'asc' | 'desc' }): Promise<{ events: RecordedEvent[]; hasMore: boolean }> {
    const where = [HORIZON];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (options.after) {
      const cmp = options.order === 'asc' ? '>' : '<';
      where.push(`(tx_id, global_position) ${cmp} (${p(options.after.commit.toString())}::xid8, ${p(options.after.prepare.toString())}::bigint)`);
    }
    if (filters.stream) {
      const prefix = streamPrefix(filters.stream);
      where.push(prefix !== undefined ? `starts_with(stream_name, ${p(prefix)})` : `stream_name = ${p(filters.stream)}`);
    }
    if (filters.types?.length) where.push(`event_type = ANY(${p(filters.types)}::text[])`);
    if (filters.from) where.push(`created_at >= ${p(filters.from)}`);
    if (filters.to) where.push(`created_at <= ${p(filters.to)}`);
    if (filters.correlationId) {
      // The index holds the first 200 characters (see the schema migration); the full compare decides.
      const id = p(filters.correlationId);
      where.push(`left(metadata->>'correlationId', 200) = left(${id}, 200) AND metadata->>'correlationId' = ${id}`);
    }
    const dir = options.order === 'asc' ? 'ASC' : 'DESC';
    const { rows } = await this.pool.query({
      text: `SELECT ${COLUMNS} FROM event_store.events WHERE ${where.join(' AND ')}
        ORDER BY tx_id ${dir}, global_position ${dir} LIMIT ${p(options.limit + 1)}`,
      values: params,
      rowMode: 'array',
    });
    const events = rows.map((row) => toRecordedEvent(row as Parameters<typeof toRecordedEvent>[0]));
    return { events: events.slice(0, options.limit), hasMore: events.length > options.limit };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
