import { comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import { matchesFilters, streamPrefix } from '#event-store/event-log-filters.js';
import { toEventView, type EventLogFilters, type EventLogPage, type EventLogQuery } from './event-log.query.js';

const BATCH = 1000;
/** A browse request never reads more than this many events: it answers what it found and a cursor. */
const MAX_SCAN = 200_000;

/**
 * Works on any adapter through the port's readAll (the EventStoreDB default): the store filters by
 * type and stream prefix, the rest is checked here. Newest-first reads forwards and keeps the last
 * page's worth, which is fine for a back-office tool; the PostgreSQL adapter has a SQL version.
 */
export class ScanningEventLogQuery implements EventLogQuery {
  constructor(private readonly store: EventStore) {}

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
    // Newest first: keep a sliding window of the newest `limit + 1` matches before the cursor.
    const window: RecordedEvent[] = [];
    let cursor: Position | undefined;
    for (;;) {
      const batch = await this.store.readAll({ fromPosition: cursor, maxCount: BATCH, filter });
      if (batch.length === 0) break;
      cursor = batch[batch.length - 1].position;
      for (const e of batch) {
        if (options.after && comparePositions(e.position, options.after) >= 0) break;
        if (!matchesFilters(e, filters)) continue;
        window.push(e);
        if (window.length > options.limit + 1) window.shift();
      }
      if (batch.length < BATCH || (options.after && comparePositions(cursor, options.after) >= 0)) break;
    }
    return this.answer(window.reverse(), options.limit, undefined);
  }

  async lagAfter(position: Position, cap: number) {
    const batch = await this.store.readAll({ fromPosition: position, maxCount: cap + 1 });
    return { events: Math.min(batch.length, cap), capped: batch.length > cap, oldestAt: batch[0]?.createdAt ?? null };
  }

  async close(): Promise<void> {
    // The store belongs to the application.
  }

  private answer(found: RecordedEvent[], limit: number, resumeAt: Position | undefined): EventLogPage {
    const hasMore = found.length > limit || resumeAt !== undefined;
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    const next = found.length > limit ? last.position : resumeAt;
    return { data: page.map(toEventView), nextCursor: hasMore && next ? formatPosition(next) : null, hasMore };
  }
}
