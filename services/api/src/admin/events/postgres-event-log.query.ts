import { formatPosition, type Position } from '#event-store/event-store.port.js';
import { PostgresEventLog } from '#event-store/postgres/postgres-event-log.js';
import { toEventView, type EventLogFilters, type EventLogQuery, type OpenPersonalData } from './event-log.query.js';
import type { EventLogPage } from './event-log-response.js';

/** The PostgreSQL adapter's table searched in SQL (the event store's PostgresEventLog), as pages of views. */
export class PostgresEventLogQuery implements EventLogQuery {
  private readonly log: PostgresEventLog;

  constructor(
    connectionString: string,
    private readonly open: OpenPersonalData,
  ) {
    this.log = new PostgresEventLog(connectionString);
  }

  async page(filters: EventLogFilters, options: { after?: Position; limit: number; order: 'asc' | 'desc' }): Promise<EventLogPage> {
    const { events: stored, hasMore } = await this.log.page(filters, options);
    const events = await this.open(stored);
    return { data: events.map(toEventView), nextCursor: hasMore ? formatPosition(events[events.length - 1].position) : null, hasMore };
  }

  close(): Promise<void> {
    return this.log.close();
  }
}
