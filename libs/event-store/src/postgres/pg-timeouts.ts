import pg from 'pg';

/**
 * How long a database call may take, by what it serves. A request answers a waiting client, so
 * each of its calls is short and a frozen or overloaded server turns into a 503 within seconds;
 * a job (export, rebuild, the projector's batches) may run long statements and keeps its
 * connections alive, but is still bounded so a server that never answers cannot hold it forever.
 */
export type DatabasePurpose = 'request' | 'job';

export interface DatabaseTimeouts {
  /** Server-side: PostgreSQL cancels a statement running longer (SQLSTATE 57014). */
  statementTimeoutMs: number;
  /**
   * Client-side: a server that accepts the query but never answers (frozen, partitioned) fails
   * the caller after this. A little above the statement timeout, so a live server reports its own
   * cancellation first.
   */
  queryTimeoutMs: number;
  /** Waiting for a connection, new or from a busy pool. */
  connectionTimeoutMs: number;
  /** A session idle inside a transaction is ended after this: it would stall every reader's horizon. */
  idleInTransactionTimeoutMs: number;
}

/**
 * Defaults for requests: a call waits at most connect (2 s) then query (3 s), which keeps the
 * API's slowest answer under 6 s with a frozen server. The env names are in the README.
 */
export function databaseTimeouts(purpose: DatabasePurpose, env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  const statementTimeoutMs = purpose === 'request'
    ? positive(env.DB_STATEMENT_TIMEOUT_MS, 2500)
    : positive(env.DB_JOB_STATEMENT_TIMEOUT_MS, 10 * 60_000);
  return {
    statementTimeoutMs,
    queryTimeoutMs: statementTimeoutMs + positive(env.DB_QUERY_TIMEOUT_MARGIN_MS, 500),
    connectionTimeoutMs: purpose === 'request' ? positive(env.DB_CONNECT_TIMEOUT_MS, 2000) : 10_000,
    idleInTransactionTimeoutMs: purpose === 'request' ? 30_000 : 120_000,
  };
}

/** The pg Pool options that carry `timeouts` (spread into a pg.Pool config or TypeORM's `extra`). */
export function poolTimeoutOptions(timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    connectionTimeoutMillis: timeouts.connectionTimeoutMs,
    keepAlive: true,
    Client: TimeBoundClient,
  };
}

/** The message node-postgres gives a query that outlived query_timeout. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * A pg Client that closes its connection when a query outlives query_timeout. node-postgres only
 * fails the caller: the query stays in flight on the connection, and a pool that gets the client
 * back (TypeORM releases it without the error) hands it to the next request, whose query then
 * queues behind the stuck one and waits twice as long. Closing the socket takes the client out of
 * the pool, and on a thawed server ends the backend, rolling back any open transaction. A lone
 * statement the server had already received may still commit: callers treat the outcome of a
 * timed-out write as unknown (appends are idempotent by event id).
 */
export class TimeBoundClient extends pg.Client {
  // pg's query() has many overloads; this one only watches the outcome.
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: Error | null, res: unknown) => void;
      args[last] = (err: Error | null, res: unknown) => {
        if (err) this.dropIfTimedOut(err);
        callback(err, res);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function' && typeof (result as { submit?: unknown }).submit !== 'function') {
      return (result as Promise<unknown>).catch((err: Error) => {
        this.dropIfTimedOut(err);
        throw err;
      }) as never;
    }
    return result as never;
  }

  private dropIfTimedOut(err: Error): void {
    if (err?.message !== QUERY_READ_TIMEOUT) return;
    const self = this as unknown as { _queryable: boolean; _ending: boolean; connection: { stream: { destroy(): void } } };
    // Not queryable any more: pg-pool removes it on release instead of reusing it. Ending, so the
    // closed socket is not reported as an unexpected 'error' event (nobody listens on a checked-out client).
    self._queryable = false;
    self._ending = true;
    self.connection.stream.destroy();
  }
}

function positive(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}
