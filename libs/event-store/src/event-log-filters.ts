import type { RecordedEvent } from './event-store.port.js';

/** What an analyst can ask of the log (the back-office event browser and its NDJSON export). */
export interface EventLogFilters {
  /** Exact stream name, or a prefix when it ends with '*' or '-' (e.g. 'order-'). */
  stream?: string;
  types?: string[];
  /** Recorded time window, inclusive. */
  from?: Date;
  to?: Date;
  correlationId?: string;
}

/** 'order-*' and 'order-' are prefixes; anything else is an exact stream name. */
export function streamPrefix(stream: string): string | undefined {
  if (stream.endsWith('*')) return stream.slice(0, -1);
  if (stream.endsWith('-')) return stream;
  return undefined;
}

/** The filters' meaning for a scan of any adapter's readAll; the PostgreSQL query says the same in SQL. */
export function matchesFilters(e: RecordedEvent, f: EventLogFilters): boolean {
  if (f.stream) {
    const prefix = streamPrefix(f.stream);
    if (prefix !== undefined ? !e.stream.startsWith(prefix) : e.stream !== f.stream) return false;
  }
  if (f.types?.length && !f.types.includes(e.type)) return false;
  if (f.from && e.createdAt < f.from) return false;
  if (f.to && e.createdAt > f.to) return false;
  if (f.correlationId && e.metadata?.correlationId !== f.correlationId) return false;
  return true;
}
