import { describe, expect, it } from '@jest/globals';
import { isConnectionError } from './http-exception.filter.js';

/** A node-postgres error as the driver raises it, optionally wrapped the way TypeORM does. */
const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });
const typeormWrapped = (driverError: Error) => Object.assign(new Error('QueryFailedError'), { driverError });

describe('a stalled database is a 503 like an unreachable one (pg-timeouts.ts)', () => {
  it('takes a statement cancelled by statement_timeout, at any depth of the error chain', () => {
    expect(isConnectionError(pgError('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isConnectionError(typeormWrapped(pgError('57014')))).toBe(true);
  });

  it('takes a query the server never answered (query_timeout) and a session ended idle in a transaction', () => {
    expect(isConnectionError(new Error('Query read timeout'))).toBe(true);
    expect(isConnectionError(typeormWrapped(new Error('Query read timeout')))).toBe(true);
    expect(isConnectionError(pgError('25P03', 'terminating connection due to idle-in-transaction timeout'))).toBe(true);
  });

  it("takes a server whose Unix socket is gone (a connect's ENOENT), not any missing file", () => {
    const connect = (code: string) => Object.assign(new Error(`connect ${code} /data/postgres/.s.PGSQL.5432`), { code, syscall: 'connect' });
    expect(isConnectionError(connect('ENOENT'))).toBe(true);
    expect(isConnectionError(typeormWrapped(connect('ENOENT')))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("ENOENT: no such file or directory, open 'uploads/a.webp'"), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
  });

  it('leaves what the statement itself did wrong to the other answers', () => {
    expect(isConnectionError(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionError(pgError('42501', 'permission denied for table events'))).toBe(false);
  });
});
