import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LAG_COUNT_CAP, comparePositions, formatPosition, type EventStore, type Position } from '#event-store/event-store.port.js';
import { PROJECTION_NAMES } from '#read-models/projection-names.js';
import { checkoutCompletionReactor, completionWaitMs } from '#read-models/projections/checkout-completion.reactor.js';
import { failureOf, listCheckpoints, positionOf } from '#read-models/projector-state/checkpoints.js';
import { latestRebuildRequests } from '#read-models/projector-state/rebuild-requests.js';
import { projectorClock } from '#read-models/projector-state/replicas.js';
import { sqlClientOf, type SqlClient } from '#read-models/projector-state/sql-client.js';
import { EVENT_STORE } from '../common/tokens.js';
import { judgeProjections, stallThresholdMs, type CheckpointView, type ProjectionVerdict } from '../ops/projection-health.js';

export type ProjectionsHealth = { status: 'up' | 'down' | 'degraded'; [key: string]: unknown } & Partial<ProjectionVerdict> & { list?: Array<{ projection: string; failure?: unknown; caughtUp: boolean; lagSeconds: number }> };

/**
 * The projector's state as it records it (projector.checkpoints, projector.rebuild_requests):
 * the back-office's projections page and the health check's verdict on the projections.
 */
@Injectable()
export class ProjectionReads {
  private readonly db: SqlClient;
  private readonly stallMs = stallThresholdMs();
  /** The checkout completion holds a CartCheckedOut this long before acting on it: a wait, not a stall. */
  private readonly waitMs = { [checkoutCompletionReactor.name]: completionWaitMs() };

  constructor(
    dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.db = sqlClientOf(dataSource);
  }

  /** Every projection, known or recorded, with its live checkpoint, lag, failure and rebuild. */
  async statuses() {
    const [rows, requests] = await Promise.all([listCheckpoints(this.db), latestRebuildRequests(this.db)]);
    const names = [...new Set([...PROJECTION_NAMES, ...rows.map((r) => r.projection)])].sort();
    return Promise.all(
      names.map(async (name) => {
        const live = rows.find((r) => r.projection === name && r.slot === 'live');
        const build = rows.find((r) => r.projection === name && r.slot === 'build');
        const lag = live ? await this.store.lagAfter(positionOf(live), LAG_COUNT_CAP) : undefined;
        const request = requests.find((r) => r.projection === name);
        return {
          name,
          version: live?.version ?? null,
          checkpoint: live ? `${live.commitPosition}/${live.preparePosition}` : null,
          state: live?.status ?? 'not started',
          owner: live?.owner ?? null,
          eventsHandled: live?.eventsHandled ?? 0,
          lastEventAt: live?.lastEventAt ?? null,
          lag: lag ? { events: lag.events, atLeast: lag.capped, seconds: lag.oldestAt ? Math.max(0, Math.round((Date.now() - lag.oldestAt.getTime()) / 1000)) : 0 } : null,
          lastError: live?.lastError ?? null,
          failure: live ? failureOf(live) : null,
          rebuild: build
            ? { state: build.status, version: build.version, checkpoint: `${build.commitPosition}/${build.preparePosition}`, eventsHandled: build.eventsHandled }
            : null,
          lastRebuildRequest: request ? { id: request.id, status: request.status, requestedAt: request.requestedAt, finishedAt: request.finishedAt } : null,
        };
      }),
    );
  }

  /**
   * "degraded" when a projection failed on an event, stalled, or was never started by a running
   * projector; lag alone (catching up) stays "up". head: the event store's head, "commit/prepare".
   * withTimeout bounds each read, so a hung dependency answers "down" instead of hanging the check.
   */
  async health(head: string | undefined, withTimeout: <T>(p: Promise<T>, what: string) => Promise<T>): Promise<ProjectionsHealth> {
    try {
      const { rows, now, projectorUpSince } = await withTimeout(this.readCheckpoints(), 'projections');
      const [commit, prepare] = (head ?? '-1/-1').split('/').map((x) => BigInt(x));
      const headPosition = { commit, prepare };
      const pendingSince = new Map<string, Date | null>();
      const list = [];
      const views: CheckpointView[] = [];
      for (const r of rows) {
        const at = positionOf(r);
        const position = formatPosition(at);
        const caughtUp = comparePositions(at, headPosition) >= 0;
        if (!caughtUp && !pendingSince.has(position)) pendingSince.set(position, await this.oldestPendingAt(at, withTimeout));
        const oldestPendingAt = caughtUp ? null : (pendingSince.get(position) ?? null);
        views.push({ projection: r.projection, status: r.status, caughtUp, updatedAt: r.updatedAt, oldestPendingAt });
        const failure = failureOf(r);
        list.push({
          projection: r.projection,
          status: r.status,
          position,
          caughtUp,
          lagSeconds: caughtUp || !oldestPendingAt ? 0 : Math.max(0, Math.round((now.getTime() - oldestPendingAt.getTime()) / 1000)),
          ...(failure ? { failure } : {}),
        });
      }
      const verdict = judgeProjections(views, PROJECTION_NAMES, { now, stallMs: this.stallMs, projectorUpSince, waitMs: this.waitMs });
      const bad = verdict.failed.length + verdict.stalled.length + verdict.missing.length > 0;
      return {
        status: bad ? 'degraded' : 'up',
        count: list.length,
        behind: list.filter((p) => !p.caughtUp).length,
        ...verdict,
        maxLagSeconds: list.reduce((m, p) => Math.max(m, p.lagSeconds), 0),
        list,
      };
    } catch (e) {
      // No projector schema yet (fresh database, projector not started): not an API failure.
      return { status: 'down', error: (e as Error).message, list: [] };
    }
  }

  private async readCheckpoints() {
    const rows = await listCheckpoints(this.db, 'live');
    // The database's clock, like updated_at's, read after the rows.
    return { rows, ...(await projectorClock(this.db)) };
  }

  /** When the first event past a checkpoint was recorded (any type: a projection also has to step over the others). */
  private async oldestPendingAt(position: Position, withTimeout: <T>(p: Promise<T>, what: string) => Promise<T>): Promise<Date | null> {
    try {
      const [next] = await withTimeout(this.store.readAll({ fromPosition: position, maxCount: 1 }), 'event store');
      return next?.createdAt ?? null;
    } catch {
      return null;
    }
  }
}
