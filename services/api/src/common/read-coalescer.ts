/**
 * Concurrent reads of one stream share one query, but a caller only ever joins a read that has
 * not started yet (it starts on the next turn of the event loop, setImmediate). So whatever a
 * caller gets reflects every write committed before it asked, exactly as a read of its own
 * would: a catalogue change is still seen by the very next request (ADR 003), while the many
 * carts priced at once against the same discounts and posters cost one round trip each.
 * Callers must treat the shared result as immutable (decider states are).
 */
export class ReadCoalescer {
  private readonly pending = new Map<string, Promise<unknown>>();

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const waiting = this.pending.get(key) as Promise<T> | undefined;
    if (waiting) return waiting;
    const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.pending.delete(key); // from here on, a new caller gets a read that starts after it asked
      return load();
    });
    this.pending.set(key, read);
    return read;
  }
}
