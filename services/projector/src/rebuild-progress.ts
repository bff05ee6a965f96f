import { START, comparePositions, type Position } from '#event-store/event-store.port.js';

/**
 * What `npm run projector -- rebuild` says while a build runs and when it is swapped in, as
 * sentences: a build that has applied nothing sits at the log's start (-1), which means nothing
 * to a person.
 */
export function rebuildProgressLine(name: string, built: Position, head: Position, owner: string | null): string {
  const by = owner ? `, by ${owner}` : '';
  if (comparePositions(built, START) <= 0) return `${name}: reading the log (position ${head.prepare} is the newest); nothing for it applied yet${by}`;
  const share = head.prepare > 0n ? Math.min(100, (Number(built.prepare) / Number(head.prepare)) * 100) : 100;
  return `${name}: built to position ${built.prepare} of ${head.prepare} (${share.toFixed(1)}%)${by}`;
}

/** The closing sentence, from where the new live tables stand once swapped in. */
export function rebuildDoneLine(name: string, live: Position | undefined): string {
  if (!live || comparePositions(live, START) <= 0) return `${name}: rebuilt and swapped in; no event in the log concerns it yet, so its tables are empty`;
  return `${name}: rebuilt and swapped in, up to position ${live.prepare} of the log`;
}
