import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { GuessCounter, GuessLimit, GuessTaken } from './guess-counter.port.js';

/** Expired windows are swept every this many guesses: the table holds only live ones, however many keys pass. */
const SWEEP_EVERY = 64;

/**
 * Guess counts in staff_auth.guess_counts, one row per key (its SHA-256: no username or device id
 * in clear). One statement counts and checks, so processes guessing the same key at once each see
 * the other's count. Times are milliseconds from the API's clock, so tests control it.
 */
export class PgGuessCounter implements GuessCounter {
  private takes = 0;

  constructor(
    private readonly db: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string, { limit, windowMs }: GuessLimit): Promise<GuessTaken> {
    const t = this.now();
    if (++this.takes % SWEEP_EVERY === 0) await this.db.query(`DELETE FROM staff_auth.guess_counts WHERE window_ends_ms <= $1`, [t]);
    const counted: { guesses: number; ends: string }[] = await this.db.query(
      `INSERT INTO staff_auth.guess_counts AS g (key_hash, guesses, window_ends_ms) VALUES ($1, 1, $2::bigint + $3::bigint)
       ON CONFLICT (key_hash) DO UPDATE SET
         guesses = CASE WHEN g.window_ends_ms <= $2::bigint THEN 1 ELSE g.guesses + 1 END,
         window_ends_ms = CASE WHEN g.window_ends_ms <= $2::bigint THEN $2::bigint + $3::bigint ELSE g.window_ends_ms END
        WHERE g.window_ends_ms <= $2::bigint OR g.guesses < $4
       RETURNING guesses, window_ends_ms::text AS ends`,
      [hashed(key), t, windowMs, limit],
    );
    if (counted.length === 1) return { allowed: true, count: counted[0].guesses, windowEndsAt: Number(counted[0].ends) };
    const [full] = (await this.db.query(`SELECT window_ends_ms::text AS ends FROM staff_auth.guess_counts WHERE key_hash = $1`, [hashed(key)])) as { ends: string }[];
    return { allowed: false, retryAfterMs: Math.max(1, Number(full?.ends ?? t + windowMs) - t) };
  }

  async refund(key: string): Promise<void> {
    await this.db.query(`UPDATE staff_auth.guess_counts SET guesses = guesses - 1 WHERE key_hash = $1 AND guesses > 0`, [hashed(key)]);
  }

  async close(): Promise<void> {}
}

export function hashed(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
