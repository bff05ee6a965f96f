/**
 * The answer of a database read, kept for when the database stops answering. /health must answer
 * within a second even with PostgreSQL frozen: each ask starts one read (never more than one in
 * flight, so a stalled server does not collect a pile of stuck queries) and waits for it only
 * briefly; past that, the last answer it got is what the projector knows.
 */
export interface Known<T> {
  /** The last value read, if any. */
  value?: T;
  /** When that value was read (ms since the epoch). */
  readAt?: number;
  /** Whether `value` comes from the read started by this ask. */
  fresh: boolean;
  /** Why the latest read failed or is still waiting, when it did not give `value` fresh. */
  problem?: string;
}

export class LastKnown<T> {
  private last: { value: T; at: number } | undefined;
  private inFlight: Promise<T> | undefined;
  /** When the read in flight started. */
  private startedAt = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly waitMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<Known<T>> {
    const reading = this.inFlight ?? this.start();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), this.waitMs);
    });
    try {
      const outcome = await Promise.race([reading.then((value) => ({ value }), (error: unknown) => ({ error })), waited]);
      if (outcome !== 'waiting' && 'value' in outcome) return { value: outcome.value, readAt: this.last?.at, fresh: true };
      const problem = outcome === 'waiting'
        ? `the database has not answered for ${((this.now() - this.startedAt) / 1000).toFixed(1)} s`
        : outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      return { value: this.last?.value, readAt: this.last?.at, fresh: false, problem };
    } finally {
      clearTimeout(timer);
    }
  }

  private start(): Promise<T> {
    this.startedAt = this.now();
    const reading = this.read().then((value) => {
      this.last = { value, at: this.now() };
      return value;
    });
    this.inFlight = reading;
    // However it ends, the next ask starts a new read.
    void reading.then(() => undefined, () => undefined).then(() => {
      if (this.inFlight === reading) this.inFlight = undefined;
    });
    return reading;
  }
}
