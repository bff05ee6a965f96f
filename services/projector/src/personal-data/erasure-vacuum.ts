import type pg from 'pg';
import type { RunnerLogger } from '../runner/runner-logger.js';

export interface ErasureVacuumTiming {
  /** First wait when an older snapshot still holds the erased rows; doubles per try. */
  baseMs: number;
  maxDelayMs: number;
  /** After this long the dead rows are left to autovacuum, and a warning says so. */
  giveUpMs: number;
}

export const DEFAULT_ERASURE_VACUUM: ErasureVacuumTiming = { baseMs: 500, maxDelayMs: 60_000, giveUpMs: 30 * 60_000 };

/** Removable cutoffs of VACUUM VERBOSE's report, one per table and TOAST table vacuumed. */
const CUTOFF = /removable cutoff: (\d+)/g;

/**
 * An erasure rewrites the read-model rows of a person in place (docs/adr/015), and the versions
 * that held their name, phone and street stay in the table's and its indexes' pages as dead rows
 * until a vacuum removes them (autovacuum may wait long on a big table). So after a batch that
 * erased commits, its tables are vacuumed here: outside that transaction (VACUUM cannot run in
 * one), by the projector's own role (the tables' owner, the only one that may), with
 * INDEX_CLEANUP ON (with few dead rows PostgreSQL otherwise skips the indexes, trigram ones
 * included, which hold the names too). A snapshot older than the erasure (a running backup,
 * export or replay) keeps the dead rows visible to it and VACUUM must leave them: VERBOSE reports
 * its removable cutoff, and until that passes a transaction id taken after the erasure committed
 * the vacuum is tried again with back-off, for at most `giveUpMs` (docs/adr/026).
 */
export class ErasureVacuum {
  private readonly pending = new Set<string>();
  private running: Promise<void> | undefined;
  private stopped = false;
  private wakeSleep: (() => void) | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: RunnerLogger,
    private readonly timing: ErasureVacuumTiming = DEFAULT_ERASURE_VACUUM,
  ) {}

  /** Qualified table names whose erasure has just committed. */
  request(tables: readonly string[]): void {
    if (this.stopped) return;
    for (const t of tables) this.pending.add(t);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when every requested vacuum has run (or given up). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeSleep?.();
    await this.running?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.stopped) {
      const tables = [...this.pending].sort();
      this.pending.clear();
      try {
        await this.vacuum(tables);
      } catch (err) {
        this.log.warn({ err, tables }, 'vacuum after an erasure failed: autovacuum will remove the erased rows');
      }
    }
  }

  private async vacuum(tables: string[]): Promise<void> {
    // Taken after the erasure committed: once the cutoff passes it, no snapshot sees the old rows.
    const { rows: [{ xid }] } = await this.pool.query<{ xid: string }>(`SELECT (pg_current_xact_id()::text::numeric % 4294967296)::text AS xid`);
    const after = Number(xid);
    const started = Date.now();
    let delay = this.timing.baseMs;
    for (let attempt = 1; !this.stopped; attempt++) {
      const cutoffs = await this.vacuumVerbose(tables);
      const held = cutoffs.length === 0 || cutoffs.some((c) => !xidAtOrAfter(c, after));
      if (!held) {
        this.log.info({ tables, attempt }, 'vacuumed after an erasure: no dead row of the erased is left in the tables or their indexes');
        return;
      }
      if (Date.now() - started + delay > this.timing.giveUpMs) {
        this.log.warn({ tables, attempts: attempt }, 'an older snapshot (a backup, export or replay) still holds the rows an erasure replaced: left to autovacuum');
        return;
      }
      if (attempt === 1) this.log.info({ tables }, 'an older snapshot (a backup, export or replay) holds the rows an erasure replaced: vacuuming again when it ends');
      await this.sleep(delay);
      delay = Math.min(delay * 2, this.timing.maxDelayMs);
    }
  }

  /** VACUUM VERBOSE on its own session, outside any transaction; the removable cutoffs it reports. */
  private async vacuumVerbose(tables: string[]): Promise<number[]> {
    const client = await this.pool.connect();
    const cutoffs: number[] = [];
    const onNotice = (n: { message?: string }) => {
      for (const m of (n.message ?? '').matchAll(CUTOFF)) cutoffs.push(Number(m[1]));
    };
    client.on('notice', onNotice);
    let broken = false;
    try {
      // A large table's vacuum may outlast the pool's statement timeout.
      await client.query('SET statement_timeout = 0');
      await client.query(`VACUUM (VERBOSE, INDEX_CLEANUP ON) ${tables.join(', ')}`);
      await client.query('RESET statement_timeout');
    } catch (e) {
      broken = true;
      throw e;
    } finally {
      client.off('notice', onNotice);
      client.release(broken);
    }
    return cutoffs;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** `a` is `b` or later in PostgreSQL's circular 32-bit transaction-id order. */
export function xidAtOrAfter(a: number, b: number): boolean {
  return ((a - b) | 0) >= 0;
}
