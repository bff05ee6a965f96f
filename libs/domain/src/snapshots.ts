/**
 * Snapshots bound what loading an aggregate costs however long its stream grows (a poster edited
 * for years, the `discounts` stream every cart reads, an admin's logouts): the loader reads the
 * stream's newest snapshot from `snapshot-<stream>` and only the events after it
 * (docs/adr/007-bounded-streams.md). A snapshot is a cache of evolve's result at a revision, never
 * a fact: projections do not read it, and deleting every snapshot stream changes no decision.
 */
import type { DomainEvent } from './shared/event.js';
import { uuidFromName } from './shared/uuid-from-name.js';
import { parseStreamName, snapshotStream, type StreamCategory } from './streams.js';

export const SNAPSHOT_TAKEN = 'AggregateSnapshotTaken';

/** revision is a decimal string (JSON has no bigint); state is evolve's result after that revision. */
export type AggregateSnapshotTaken<State = unknown> = DomainEvent<typeof SNAPSHOT_TAKEN, { stream: string; revision: string; version: number; state: State }>;

/**
 * The state shape of each category's fold. Bump a category's number whenever its evolve or state
 * changes: snapshots of the older number are then ignored and the next load folds from the start
 * (and writes a new one). Streams of a category not listed are never snapshotted (ordernumber-<N>
 * holds one event and is never loaded).
 */
export const SNAPSHOT_VERSIONS: Readonly<Partial<Record<StreamCategory, number>>> = {
  poster: 2,
  product: 2,
  custompricing: 1,
  discounts: 1,
  promo: 2,
  promouse: 1,
  announcement: 2,
  gallery: 1,
  newsletter: 1,
  subscriber: 1,
  admin: 2,
  cart: 1,
  order: 2,
};

/**
 * Events folded past the newest snapshot before a new one is written. A load therefore reads at
 * most about twice this many events (a first page of the stream, then the tail after the
 * snapshot), so loading costs the same at revision 100 and at revision 1,000,000.
 */
export const SNAPSHOT_EVERY = 64;

/** The snapshot version of a stream's category; undefined: this stream is not snapshotted. */
export function snapshotVersionOf(stream: string): number | undefined {
  const parsed = parseStreamName(stream);
  return parsed ? SNAPSHOT_VERSIONS[parsed.category] : undefined;
}

/** The snapshot of `stream` at `revision`, with an id every writer derives alike (re-appends are no-ops). */
export function snapshotTaken<State>(stream: string, revision: bigint, version: number, state: State): { id: string; stream: string; event: AggregateSnapshotTaken<State> } {
  return {
    id: uuidFromName(`snapshot:${stream}:${revision}:${version}`),
    stream: snapshotStream(stream),
    event: { type: SNAPSHOT_TAKEN, data: { stream, revision: String(revision), version, state } },
  };
}

/** The snapshot's state and revision when it is of this stream and version; undefined otherwise. */
export function usableSnapshot<State>(
  event: { type: string; data: unknown } | undefined,
  stream: string,
  version: number,
): { state: State; revision: bigint } | undefined {
  if (event?.type !== SNAPSHOT_TAKEN) return undefined;
  const data = event.data as AggregateSnapshotTaken<State>['data'];
  if (data.stream !== stream || data.version !== version || !/^\d{1,19}$/.test(data.revision)) return undefined;
  return { state: data.state, revision: BigInt(data.revision) };
}
