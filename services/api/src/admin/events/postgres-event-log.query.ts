import pg from 'pg';
import { formatPosition, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import { streamPrefix, toEventView, type EventLogFilters, type EventLogQuery } from './event-log.query.js';
import type { EventLogPage } from './event-log-response.js';

interface Row {
  tx: string;
  global_position: string;
  event_id: string;
  stream_name: string;
  stream_revision: string;
  event_type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_at: Date;
}

/**
 * The PostgreSQL adapter's table read directly (read-only), so time windows and correlation ids
 * are filtered by the database instead of scanning the log. Same cursor as the adapter:
 * (tx_id, global_position), below the oldest running transaction so a page never skips an
 * event that commits late.
 */
export class PostgresEventLogQuery implements EventLogQuery {
  private readonly pool: pg.Pool;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 3, application_name: 'api-event-browser' });
    this.pool.on('error', () => undefined);
  }

  async page(filters: EventLogFilters, options: { after?: Position; limit: number; order: 'asc' | 'desc' }): Promise<EventLogPage> {
    const where = ['tx_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))'];
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
    if (filters.correlationId) where.push(`metadata->>'correlationId' = ${p(filters.correlationId)}`);
    const dir = options.order === 'asc' ? 'ASC' : 'DESC';
    const sql = `SELECT tx_id::text AS tx, global_position, event_id::text AS event_id, stream_name, stream_revision, event_type, data, metadata, created_at
      FROM event_store.events WHERE ${where.join(' AND ')}
      ORDER BY tx_id ${dir}, global_position ${dir} LIMIT ${p(options.limit + 1)}`;
    const { rows } = await this.pool.query<Row>(sql, params);
    const events = rows.map(toRecorded);
    const hasMore = events.length > options.limit;
    const page = events.slice(0, options.limit);
    return { data: page.map(toEventView), nextCursor: hasMore ? formatPosition(page[page.length - 1].position) : null, hasMore };
  }

  async lagAfter(position: Position, cap: number) {
    const { rows } = await this.pool.query<{ events: string; oldest_at: Date | null }>(
      `SELECT count(*) AS events, min(created_at) AS oldest_at FROM (
         SELECT created_at FROM event_store.events
          WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND tx_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))
          ORDER BY tx_id, global_position LIMIT $3) e`,
      [position.commit < 0n ? '0' : position.commit.toString(), position.prepare.toString(), cap + 1],
    );
    const events = Number(rows[0]?.events ?? 0);
    return { events: Math.min(events, cap), capped: events > cap, oldestAt: rows[0]?.oldest_at ?? null };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

function toRecorded(r: Row): RecordedEvent {
  return {
    id: r.event_id,
    type: r.event_type,
    stream: r.stream_name,
    revision: BigInt(r.stream_revision),
    position: { commit: BigInt(r.tx), prepare: BigInt(r.global_position) },
    data: r.data,
    metadata: r.metadata,
    createdAt: r.created_at,
  };
}
