import { formatPosition, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import type { EventLogPage, EventView } from './event-log-response.js';

/** What an analyst can ask of the log (GET /api/admin/events, /events/export). */
export interface EventLogFilters {
  /** Exact stream name, or a prefix when it ends with '*' or '-' (e.g. 'order-'). */
  stream?: string;
  types?: string[];
  /** Recorded time window, inclusive. */
  from?: Date;
  to?: Date;
  correlationId?: string;
}

export interface EventLogQuery {
  page(filters: EventLogFilters, options: { after?: Position; limit: number; order: 'asc' | 'desc' }): Promise<EventLogPage>;
  /** How far behind a checkpoint is: events after it (counted up to `cap`) and the oldest one's time. */
  lagAfter(position: Position, cap: number): Promise<{ events: number; capped: boolean; oldestAt: Date | null }>;
  close(): Promise<void>;
}

export const EVENT_LOG_QUERY = Symbol('EVENT_LOG_QUERY');

/** Fields no analyst needs and nobody should copy out of the log (admin password hashes). */
const REDACTED_FIELDS = new Set(['passwordHash', 'password']);

function redact(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, REDACTED_FIELDS.has(k) ? '[redacted]' : v]));
}

export function toEventView(e: RecordedEvent): EventView {
  const m = e.metadata ?? ({} as RecordedEvent['metadata']);
  return {
    id: e.id,
    stream: e.stream,
    type: e.type,
    revision: Number(e.revision),
    position: formatPosition(e.position),
    recordedAt: e.createdAt.toISOString(),
    occurredAt: typeof m.occurredAt === 'string' ? m.occurredAt : e.createdAt.toISOString(),
    actor: m.actor ?? null,
    correlationId: m.correlationId ?? null,
    causationId: m.causationId ?? null,
    data: redact(e.data),
    metadata: m,
  };
}

/** Shared by both implementations so they agree on what a filter means. */
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

/** 'order-*' and 'order-' are prefixes; anything else is an exact stream name. */
export function streamPrefix(stream: string): string | undefined {
  if (stream.endsWith('*')) return stream.slice(0, -1);
  if (stream.endsWith('-')) return stream;
  return undefined;
}
