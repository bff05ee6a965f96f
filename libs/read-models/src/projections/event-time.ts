import type { RecordedEvent } from '#event-store/event-store.port.js';

// An instant with an explicit zone, as the server writes them (toISOString): no zone-less or
// locale forms, whose meaning would depend on the projector's time zone.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const FIRST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * `text` as an ISO instant PostgreSQL's timestamptz accepts, else undefined. The server writes
 * these fields itself, but the log is read for ever: one bad value (or a PostgreSQL special word
 * such as 'now' or 'epoch') must not stop a projection or make a replay differ.
 */
export function isoInstant(text: unknown): string | undefined {
  if (typeof text !== 'string' || !ISO_INSTANT.test(text)) return undefined;
  const ms = Date.parse(text);
  return ms >= FIRST_MS && ms <= LAST_MS ? new Date(ms).toISOString() : undefined;
}

/**
 * Most projections read an event's time, and the runner hands them all the same event objects
 * (one read of the log per batch): each event's time is checked and formatted once.
 */
function oncePerEvent(time: (event: RecordedEvent) => string): (event: RecordedEvent) => string {
  const known = new WeakMap<RecordedEvent, string>();
  return (event) => {
    let at = known.get(event);
    if (at === undefined) {
      at = time(event);
      known.set(event, at);
    }
    return at;
  };
}

/** When it happened (metadata.occurredAt), else when the store recorded it: rows never use now(). */
export const occurredAt = oncePerEvent(
  (event) => isoInstant((event.metadata as { occurredAt?: unknown } | undefined)?.occurredAt) ?? event.createdAt.toISOString(),
);

/** When an order was placed (OrderPlaced's placedAt), else when the event happened. */
export const placedAt = oncePerEvent((event) => isoInstant((event.data as { placedAt?: unknown } | undefined)?.placedAt) ?? occurredAt(event));
