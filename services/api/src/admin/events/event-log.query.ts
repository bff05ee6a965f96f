import type { EventLogFilters } from '#event-store/event-log-filters.js';
import { formatPosition, type Position, type RecordedEvent } from '#event-store/event-store.port.js';
import type { Permission } from '#domain/admin/staff-permissions.js';
import { eventPersonalFields, shapeForReader } from '#domain/personal-data/withheld.js';
import type { EventLogPage, EventView } from './event-log-response.js';

/** What an analyst can ask of the log (GET /api/admin/events, /events/export): the event store's filters. */
export type { EventLogFilters };

export interface EventLogQuery {
  page(filters: EventLogFilters, options: { after?: Position; limit: number; order: 'asc' | 'desc' }): Promise<EventLogPage>;
  close(): Promise<void>;
}

export const EVENT_LOG_QUERY = Symbol('EVENT_LOG_QUERY');

/**
 * Personal data decrypted as every reader of the log gets it (docs/adr/012): the browser and its
 * NDJSON read the store below the versioned layer, so they open the envelopes themselves.
 */
export type OpenPersonalData = (events: RecordedEvent[]) => Promise<RecordedEvent[]> | RecordedEvent[];

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

/** An event as its reader may read it: the personal fields its type declares withheld without customers.read, the rest kept. */
export function eventForReader(e: EventView, permissions: ReadonlySet<Permission>): EventView {
  return shapeForReader(e, permissions, eventPersonalFields(e.type).map((path) => ['data', ...path]));
}
