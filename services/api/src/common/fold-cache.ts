/**
 * The newest fold this process made of each recently loaded stream: the state after a revision.
 * A fold of revision R is a fact about R (streams only grow), so a cached one is never wrong,
 * only behind: a load still reads every event after R from the store, and so sees what other
 * replicas appended. What it saves is re-reading and re-folding what this process has folded
 * already, so a warm load of any stream is one query returning only its new events.
 * States are shared between requests: deciders never mutate one (evolve returns a new state).
 */
export interface Fold<State> {
  state: State;
  /** -1n: the stream did not exist. */
  revision: bigint;
}

/** Streams kept; the least recently loaded goes first. A cart state is about a kilobyte. */
const DEFAULT_CAPACITY = 5_000;

export class FoldCache {
  private readonly entries = new Map<string, Fold<unknown> & { evolve: unknown }>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The fold of `stream` by this evolve (another decider's state is not this one's). */
  get<State>(stream: string, evolve: unknown): Fold<State> | undefined {
    const entry = this.entries.get(stream);
    if (!entry || entry.evolve !== evolve) return undefined;
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    return { state: entry.state as State, revision: entry.revision };
  }

  /**
   * Drops a stream's fold: once its person's key is destroyed, a fold made before holds what the
   * log no longer gives anyone (their name, phone, address), and deciding on it would act as if
   * they were still known.
   */
  forget(stream: string): void {
    this.entries.delete(stream);
  }

  /** Keeps the fold unless a newer one of the same evolve is kept already (racing loads). */
  set<State>(stream: string, evolve: unknown, fold: Fold<State>): void {
    const current = this.entries.get(stream);
    if (current && current.evolve === evolve && current.revision > fold.revision) return;
    this.entries.delete(stream);
    this.entries.set(stream, { ...fold, evolve });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
