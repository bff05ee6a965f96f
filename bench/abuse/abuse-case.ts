/** One attack of `npm run bench:abuse` (bench/abuse.bench.ts runs every `*.case.ts` here). */
export interface AbuseLine {
  /** What must hold, in words: "cart events appended per minute after the budget". */
  bound: string;
  /** The measured figure. */
  figure: number;
  unit: string;
  /** The bound the figure is held to, in the same unit or words ("≤ 200", "permission denied"). */
  limit: number | string;
  held: boolean;
  detail?: unknown;
}

export interface AbuseCase {
  name: string;
  describe: string;
  /** Starts what it needs, attacks with a fixed seed within a bounded time, stops everything. */
  run(log: (msg: string) => void): Promise<AbuseLine[]>;
}
