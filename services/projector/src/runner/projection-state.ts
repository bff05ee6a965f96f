import type { Position } from '#event-store/event-store.port.js';
import type { Projection } from '#read-models/projections/projection.js';

/** A projection this replica owns, as the live loop follows it. */
export interface LiveState {
  projection: Projection;
  types: Set<string>;
  position: Position;
  /** Set while the projection is failed; it stays set during a retry until a batch of its own events commits. */
  failed?: { retryAt: number };
  /** Set while a reactor waits before an event it may not act on yet (a hold, not a failure): rests until then. */
  heldUntil?: number;
}

/** A new version being built beside the live tables. */
export interface BuildState {
  projection: Projection;
  position: Position;
  requestId?: string;
}
