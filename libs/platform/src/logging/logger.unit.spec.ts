import { Writable } from 'node:stream';
import pino from 'pino';
import { errorForLog, loggerOptions } from './logger.js';

describe('errors in the log', () => {
  it("keep their type, code, message, stack and cause, and drop what a driver hangs on them (detail, query, parameters)", () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "orders_pkey"'), {
      code: '23505',
      detail: 'Key (phone)=(01012345678) already exists.',
    });
    const failed = Object.assign(new Error('query failed', { cause: driverError }), {
      query: "SELECT * FROM read.orders WHERE phone = '01012345678'",
      parameters: ['01012345678'],
      driverError,
    });
    const logged = errorForLog(failed)!;
    expect(logged).toMatchObject({ type: 'Error', message: 'query failed', cause: { code: '23505', message: driverError.message } });
    expect(logged.stack).toContain('query failed');
    expect(JSON.stringify(logged)).not.toContain('01012345678');
  });

  it('are serialized that way by every logger made from loggerOptions', () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const log = pino(loggerOptions('info', 'test'), stream);
    log.error({ err: Object.assign(new Error('boom'), { detail: 'Key (phone)=(01012345678)' }) }, 'failed');
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'failed', err: { type: 'Error', message: 'boom' } });
    expect(lines[0]).not.toContain('01012345678');
  });
});
