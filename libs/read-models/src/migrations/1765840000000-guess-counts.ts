import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counts of wrong second-factor codes and of wrong passwords from a signed-in device, shared by
 * every API process when no Redis is configured (the API's guess-counter). Keys are SHA-256
 * hashes of what they count (an account, a challenge, a device): no name in clear. Rows live one
 * window; the API sweeps the expired ones.
 */
export class GuessCounts1765840000000 implements MigrationInterface {
  name = 'GuessCounts1765840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staff_auth.guess_counts (
        key_hash text PRIMARY KEY,
        guesses integer NOT NULL,
        -- Milliseconds since the epoch, from the API's clock.
        window_ends_ms bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX guess_counts_window_idx ON staff_auth.guess_counts (window_ends_ms)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE staff_auth.guess_counts`);
  }
}
