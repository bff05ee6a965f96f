import type { EventStoreDbEventStore } from '#event-store/eventstoredb/eventstoredb-event-store.js';
import { formatPosition, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import { matchesFilters, streamPrefix } from '#event-store/event-log-filters.js';
import { toEventView, type EventLogFilters, type EventLogQuery, type OpenPersonalData } from './event-log.query.js';
import type { EventLogPage } from './event-log-response.js';

const BATCH = 1000;
/** A browse request never reads more than this many events: it answers what it found and a cursor. */
const MAX_SCAN = 200_000;

/** What the EventStoreDB event browser reads: the log forwards (the port) and backwards (the adapter). */
export type EventStoreDbLog = Pick<EventStoreDbEventStore, 'readAll' | 'readAllBackwards'>;

/**
 * The event browser on EventStoreDB (PostgreSQL has a SQL version): the store filters by type and
 * stream prefix, the rest is checked here. Oldest first reads forwards from the cursor; newest
 * first reads backwards from it. Either way a page examines at most MAX_SCAN events and, when it
 * stops there, answers what it found with a cursor to continue from.
 */
export class EventStoreDbEventLogQuery implements EventLogQuery {
  constructor(
    private readonly store: EventStoreDbLog,
    private readonly open: OpenPersonalData,
  ) {}

  async page(filters: EventLogFilters, options: { after?: Position; limit: number; order: 'asc' | 'desc' }): Promise<EventLogPage> {
    const storeFilter = {
      ...(filters.types?.length ? { eventTypes: filters.types } : {}),
      ...(filters.stream ? { streamPrefixes: [streamPrefix(filters.stream) ?? filters.stream] } : {}),
    };
    const filter = Object.keys(storeFilter).length ? storeFilter : undefined;
    if (options.order === 'asc') {
      const found: RecordedEvent[] = [];
      let cursor = options.after;
      let scanned = 0;
      while (found.length <= options.limit && scanned < MAX_SCAN) {
        const batch = await this.store.readAll({ fromPosition: cursor, maxCount: BATCH, filter });
        if (batch.length === 0) break;
        scanned += batch.length;
        cursor = batch[batch.length - 1].position;
        for (const e of batch) {
          // Log order follows commit order, which may trail recorded time by a little: stop a minute past the window.
          if (filters.to && e.createdAt.getTime() > filters.to.getTime() + 60_000) return this.answer(found, options.limit, undefined);
          if (matchesFilters(e, filters)) found.push(e);
        }
        if (batch.length < BATCH) break;
      }
      return this.answer(found, options.limit, scanned >= MAX_SCAN ? cursor : undefined);
    }
    // Newest first: log order follows commit order, which may trail recorded time by a little,
    // so the read stops a minute before the window opens.
    const found: RecordedEvent[] = [];
    let before = options.after;
    let scanned = 0;
    while (found.length <= options.limit && scanned < MAX_SCAN) {
      const page = await this.store.readAllBackwards({ before, maxCount: BATCH, maxScan: Math.min(BATCH, MAX_SCAN - scanned), filter });
      scanned += BATCH;
      for (const e of page.events) {
        if (filters.from && e.createdAt.getTime() < filters.from.getTime() - 60_000) return this.answer(found, options.limit, undefined);
        if (matchesFilters(e, filters)) found.push(e);
      }
      if (!page.continueBefore) return this.answer(found, options.limit, undefined);
      before = page.continueBefore;
    }
    return this.answer(found, options.limit, scanned >= MAX_SCAN ? before : undefined);
  }

  async close(): Promise<void> {
    // The store belongs to the application.
  }

  private async answer(found: RecordedEvent[], limit: number, resumeAt: Position | undefined): Promise<EventLogPage> {
    const hasMore = found.length > limit || resumeAt !== undefined;
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    const next = found.length > limit ? last.position : resumeAt;
    return { data: (await this.open(page)).map(toEventView), nextCursor: hasMore && next ? formatPosition(next) : null, hasMore };
  }
}
