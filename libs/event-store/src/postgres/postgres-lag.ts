import type pg from 'pg';
import type { Lag, Position } from '../event-store.port.js';
import { LAG_AFTER } from './postgres-read.sql.js';

/** The PostgreSQL adapter's lagAfter: one count over the primary key, below the same horizon as every read. */
export async function lagAfterOn(db: pg.Pool | pg.ClientBase, position: Position, cap: number): Promise<Lag> {
  // START (-1/-1) is before every transaction id, which is never below 3.
  const [commit, prepare] = position.commit < 0n ? ['0', '-1'] : [position.commit.toString(), position.prepare.toString()];
  const { rows } = await db.query<{ events: number; oldest_at: Date | null }>({ name: 'es_lag_after', text: LAG_AFTER, values: [commit, prepare, cap + 1] });
  const events = rows[0]?.events ?? 0;
  return { events: Math.min(events, cap), capped: events > cap, oldestAt: rows[0]?.oldest_at ?? null };
}
