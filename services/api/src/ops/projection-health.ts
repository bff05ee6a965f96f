/** A live checkpoint as /api/health reads it, with what is known about its progress. */
export interface CheckpointView {
  projection: string;
  status: string;
  caughtUp: boolean;
  /** Last time the checkpoint row changed (a batch, an idle advance, a failure). */
  updatedAt: Date;
  /** Recorded time of the first event past the checkpoint (null when caught up or unknown). */
  oldestPendingAt: Date | null;
}

export interface ProjectionVerdict {
  /** Failed: stopped on an event (and retrying with back-off). */
  failed: string[];
  /** Behind the head and neither moved nor had anything new to do for longer than the threshold. */
  stalled: string[];
  /** No live checkpoint although a projector replica has been up for longer than the threshold. */
  missing: string[];
}

/**
 * Which projections make the API degraded. A projection catching up is not stalled: it is
 * stalled only when the oldest event waiting for it, and its last checkpoint move, are both
 * older than the threshold (an event that arrived a moment ago after an hour of quiet is not
 * a stall). A projection that waits on purpose before an event (the checkout completion's hold)
 * is given that wait on top of the threshold. A missing checkpoint counts only once a replica
 * had the time to claim it, so a starting stack is not reported degraded.
 */
export function judgeProjections(
  checkpoints: readonly CheckpointView[],
  expected: readonly string[],
  o: { now: Date; stallMs: number; projectorUpSince: Date | null; waitMs?: Readonly<Record<string, number>> },
): ProjectionVerdict {
  const now = o.now.getTime();
  const failed = checkpoints.filter((c) => c.status === 'failed').map((c) => c.projection);
  const stalled = checkpoints
    .filter((c) => c.status !== 'failed' && !c.caughtUp)
    .filter((c) => {
      const since = Math.max(c.updatedAt.getTime(), c.oldestPendingAt?.getTime() ?? 0);
      return now - since > o.stallMs + (o.waitMs?.[c.projection] ?? 0);
    })
    .map((c) => c.projection);
  const projectorSettled = o.projectorUpSince !== null && now - o.projectorUpSince.getTime() > o.stallMs;
  const missing = projectorSettled ? expected.filter((name) => !checkpoints.some((c) => c.projection === name)) : [];
  return { failed, stalled, missing };
}

/** PROJECTION_STALL_SECONDS (default 60). */
export function stallThresholdMs(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.PROJECTION_STALL_SECONDS);
  return (Number.isFinite(s) && s > 0 ? s : 60) * 1000;
}
