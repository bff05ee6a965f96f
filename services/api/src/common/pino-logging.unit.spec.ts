import { Writable } from 'node:stream';
import { createApiLogger, PinoNestLogger, urlForLog } from './pino-logging.js';
import { runWithContext } from './request-context.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: new PinoNestLogger(createApiLogger('info', stream)) };
}

describe('PinoNestLogger', () => {
  it('names the running request on a Nest log line, and no request outside one', () => {
    const { lines, logger } = capture();
    runWithContext({ requestId: 'req-42', actor: { kind: 'system', id: 'test' } }, () => logger.log('inside', 'CartService'));
    logger.warn('outside', 'Boot');
    expect(lines[0]).toMatchObject({ msg: 'inside', context: 'CartService', requestId: 'req-42', level: 30 });
    expect(lines[1]).toMatchObject({ msg: 'outside', context: 'Boot', level: 40 });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('keeps an error and its stack', () => {
    const { lines, logger } = capture();
    logger.error(new Error('boom'), 'Projector');
    logger.error('failed', 'at x.ts:1', 'Exporter');
    expect(lines[0]).toMatchObject({ msg: 'boom', context: 'Projector', err: { message: 'boom' } });
    expect(lines[1]).toMatchObject({ msg: 'failed', context: 'Exporter', stack: 'at x.ts:1' });
  });
});

describe('urlForLog', () => {
  it('keeps the path and the query keys, never a query value', () => {
    expect(urlForLog('/api/admin/orders?search=01012345678&page=2')).toBe('/api/admin/orders?search=[redacted]&page=[redacted]');
    expect(urlForLog('/api/admin/customers?search=%D9%A0%D9%A1%D9%A0')).toBe('/api/admin/customers?search=[redacted]');
    expect(urlForLog('/api/user/cart')).toBe('/api/user/cart');
  });

  it('redacts a key that could itself be a value', () => {
    expect(urlForLog('/api/admin/orders?01012345678&%2B201012345678=x&size=5')).toBe('/api/admin/orders?[redacted]&[redacted]&size=[redacted]');
  });
});
