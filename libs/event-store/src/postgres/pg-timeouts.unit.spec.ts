import { describe, expect, it } from '@jest/globals';
import { databaseTimeouts } from './pg-timeouts.js';

describe('database timeouts by purpose', () => {
  it('keeps a request within 6 s on a frozen server: a connection wait, then one query, by default', () => {
    const t = databaseTimeouts('request', {});
    expect(t).toEqual({ statementTimeoutMs: 2500, queryTimeoutMs: 3000, connectionTimeoutMs: 2000, idleInTransactionTimeoutMs: 30_000 });
    expect(t.connectionTimeoutMs + t.queryTimeoutMs).toBeLessThan(6000);
  });

  it('gives jobs long but bounded statements, the client giving up just after the server would', () => {
    expect(databaseTimeouts('job', {})).toEqual({ statementTimeoutMs: 600_000, queryTimeoutMs: 600_500, connectionTimeoutMs: 10_000, idleInTransactionTimeoutMs: 120_000 });
  });

  it('reads each purpose its own variables, ignoring what is not a positive number', () => {
    const env = { DB_STATEMENT_TIMEOUT_MS: '1000', DB_CONNECT_TIMEOUT_MS: '700', DB_JOB_STATEMENT_TIMEOUT_MS: '60000' };
    expect(databaseTimeouts('request', env)).toMatchObject({ statementTimeoutMs: 1000, queryTimeoutMs: 1500, connectionTimeoutMs: 700 });
    expect(databaseTimeouts('job', env)).toMatchObject({ statementTimeoutMs: 60_000, connectionTimeoutMs: 10_000 });
    expect(databaseTimeouts('request', { DB_STATEMENT_TIMEOUT_MS: 'soon', DB_CONNECT_TIMEOUT_MS: '-1' })).toMatchObject({ statementTimeoutMs: 2500, connectionTimeoutMs: 2000 });
  });
});
