import type { Position, RecordedEvent } from '#event-store/event-store.port.js';
import { maxPosition } from '#read-models/projector-state/positions.js';

/**
 * Where a batch leaves the reader: after its last event when it was full; at the head read
 * before it (or its last event, if later) when it was not, because then every event up to
 * that head has been seen (the head only counts events visible to readers).
 */
export function batchEnd(events: readonly RecordedEvent[], batchSize: number, head: Position): Position {
  const last = events.at(-1)?.position;
  if (events.length >= batchSize && last) return last;
  return last ? maxPosition(last, head) : head;
}
