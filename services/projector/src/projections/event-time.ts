import type { RecordedEvent } from '#event-store/event-store.port.js';

/** When it happened (metadata.occurredAt), else when the store recorded it: rows never use now(). */
export function occurredAt(event: RecordedEvent): string {
  const at = (event.metadata as { occurredAt?: unknown } | undefined)?.occurredAt;
  return typeof at === 'string' && at !== '' ? at : event.createdAt.toISOString();
}

/** The event's data with the shape the catalogue gives it (libs/domain owns the types). */
export function dataOf<D>(event: RecordedEvent): D {
  return event.data as D;
}
