/**
 * A map with a ceiling and an age limit. Entries are added by what anonymous clients do (each
 * checkout may name a new person), so without the ceiling a stream of invented phone numbers
 * would grow the process without end; the oldest entry goes first. The age limit bounds how long a
 * key destroyed in the key store keeps decrypting in a process that had it cached.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    readonly maxEntries: number,
    readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(maxEntries > 0)) throw new Error('BoundedCache needs a positive size');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, or undefined when absent or older than maxAgeMs. */
  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): void {
    const now = this.now();
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    // Insertion order is age order: drop from the oldest while past the ceiling or past the age
    // limit. An expired entry is never read again, and under a stream of new people (a checkout
    // each) keeping them filled the map to its ceiling: thousands of keys for the GC to trace.
    for (const [oldKey, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && now - entry.at <= this.maxAgeMs) break;
      this.entries.delete(oldKey);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
