import { Writable } from 'node:stream';
import { createApiLogger, PinoNestLogger } from './pino-logging.js';
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
