import type { DataSource } from 'typeorm';
import type { Position } from '#event-store/event-store.port.js';
import { countLiveReached } from './projector-state/checkpoints.js';
import { sqlClientOf } from './projector-state/sql-client.js';

/**
 * Read-your-writes: waits until every named projection's live checkpoint is at or past
 * `position` (the X-Wait-For-Position header), polling the live checkpoints, at most timeoutMs.
 * Returns whether they all reached it; the caller answers with what it has either way.
 */
export async function waitForPosition(
  dataSource: DataSource,
  position: Position,
  projections: readonly string[],
  options: {
    timeoutMs?: number;
    intervalMs?: number;
    /**
     * A failed projection waits for a fix or a retry, not for time: a read after the caller's own
     * write answers at once with what it has rather than waiting out the timeout on every call.
     */
    failedCountsAsReached?: boolean;
  } = {},
): Promise<boolean> {
  const names = [...new Set(projections)];
  if (names.length === 0) return true;
  const deadline = Date.now() + (options.timeoutMs ?? 2000);
  const db = sqlClientOf(dataSource);
  let interval = options.intervalMs ?? 5;
  for (;;) {
    if ((await countLiveReached(db, position, names, options.failedCountsAsReached ?? false)) >= names.length) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, left)));
    interval = Math.min(interval * 2, 50);
  }
}
