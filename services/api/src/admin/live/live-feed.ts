import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '#platform/config/app-config.js';
import { liveProgress } from '#read-models/projector-state/checkpoints.js';
import { sqlClientOf } from '#read-models/projector-state/sql-client.js';
import { APP_CONFIG } from '../../common/tokens.js';

/** Told the names of the projections whose tables changed since the last poll. */
export type LiveListener = (projections: string[]) => void;

/**
 * The one poller behind every open back-office tab of this API process: while at least one tab
 * listens it reads the live checkpoints every LIVE_POLL_MS and tells every listener which
 * projections applied events. One query of a table of a few dozen rows, whatever the number of
 * tabs; nothing at all while nobody listens. Polling rather than LISTEN/NOTIFY: a NOTIFY would
 * sit in the projector's batch commit (it takes a global lock at commit), and it needs a
 * dedicated connection per API process; the poll costs well under a millisecond.
 */
@Injectable()
export class LiveFeed implements OnModuleDestroy {
  private readonly log = new Logger(LiveFeed.name);
  private readonly listeners = new Set<LiveListener>();
  private marks: Map<string, string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Bumped at every start and pause, so a poll that was in flight across them ends its loop. */
  private run = 0;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How many tabs listen now. */
  get size(): number {
    return this.listeners.size;
  }

  /** Starts polling with the first listener; answers the unsubscribe, which stops it with the last. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1 && !this.stopped) {
      this.pause();
      this.schedule(++this.run, 0);
    }
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.pause();
    };
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.pause();
  }

  private pause(): void {
    this.run++;
    clearTimeout(this.timer);
    this.timer = undefined;
    // A later first listener starts from the checkpoints as they are then, not from stale marks.
    this.marks = undefined;
  }

  private schedule(run: number, delayMs: number): void {
    this.timer = setTimeout(() => void this.poll(run), delayMs);
    this.timer.unref();
  }

  private async poll(run: number): Promise<void> {
    try {
      const now = await liveProgress(sqlClientOf(this.dataSource));
      if (run !== this.run) return;
      const before = this.marks;
      this.marks = now;
      const changed = before ? [...now].filter(([name, mark]) => before.get(name) !== mark).map(([name]) => name) : [];
      if (changed.length > 0) for (const listener of [...this.listeners]) listener(changed);
    } catch (error) {
      // The database is away (restart, failover): the tabs keep their data and hear of changes later.
      this.log.warn(`live feed poll failed: ${(error as Error).message}`);
    }
    if (run === this.run) this.schedule(run, this.config.live.pollMs);
  }
}
