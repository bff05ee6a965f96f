import { classify, formatSummary, summarise, type CallFrame, type CpuProfile } from './cpu-profile-summary.js';

const frame = (functionName: string, url: string, lineNumber = 0): CallFrame => ({ functionName, url, lineNumber });
const NM = 'file:///work/shop/node_modules';

describe('classifying a CPU profile call frame', () => {
  it.each([
    [frame('handle', `${NM}/express/lib/router/index.js`), 'express'],
    [frame('jsonParser', `${NM}/body-parser/lib/types/json.js`), 'express'],
    [frame('next', `${NM}/router/index.js`), 'express'],
    [frame('ExpressAdapter.reply', `${NM}/@nestjs/platform-express/adapters/express-adapter.js`), 'nest'],
    [frame('mergeMap', `${NM}/rxjs/dist/cjs/internal/operators/mergeMap.js`), 'nest'],
    [frame('validate', `${NM}/class-validator/cjs/validation/ValidationExecutor.js`), 'validation'],
    [frame('plainToInstance', `${NM}/class-transformer/cjs/TransformOperationExecutor.js`), 'validation'],
    [frame('isEmail', `${NM}/validator/lib/isEmail.js`), 'validation'],
    [frame('seal', 'file:///work/shop/dist/libs/event-store/src/personal-data/personal-data-cipher.js'), 'sealing'],
    [frame('final', 'node:internal/crypto/cipher'), 'sealing'],
    [frame('parse', `${NM}/pg-protocol/dist/parser.js`), 'pg'],
    [frame('Client.query', `${NM}/pg/lib/client.js`), 'pg'],
    [frame('parse', ''), 'json'],
    [frame('parse', `${NM}/body-parser/lib/types/json.js`), 'json'],
    [frame('json', `${NM}/express/lib/response.js`), 'json'],
    [frame('send', `${NM}/express/lib/response.js`), 'express'],
    [frame('match', `${NM}/path-to-regexp/dist/index.js`), 'express'],
    [frame('initiv', ''), 'sealing'],
    [frame('writev', ''), 'node'],
    [frame('runMicrotasks', ''), 'node'],
    [frame('loggingMiddleware', `${NM}/pino-http/logger.js`), 'logging'],
    [frame('stringify', ''), 'json'],
    [frame('Query.execute', `${NM}/typeorm/query-builder/SelectQueryBuilder.js`), 'typeorm'],
    [frame('decide', 'file:///work/shop/dist/libs/domain/src/cart/cart.decider.js'), 'app'],
    [frame('emit', 'node:events'), 'node'],
    [frame('(garbage collector)', ''), 'gc'],
    [frame('uuid', `${NM}/uuid/dist/index.js`), 'other'],
    [frame('mystery', ''), 'other'],
    [frame('(idle)', ''), undefined],
    [frame('(program)', ''), undefined],
  ])('%j is %s', (f, category) => {
    expect(classify(f)).toBe(category);
  });
});

describe('summarising a CPU profile', () => {
  // root → express handle → JSON.parse; root → pg; root → idle. Samples 1 ms apart from t=0.
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5] },
      { id: 2, callFrame: frame('handle', `${NM}/express/lib/router/index.js`, 9), children: [3] },
      { id: 3, callFrame: frame('parse', '') },
      { id: 4, callFrame: frame('Client.query', `${NM}/pg/lib/client.js`, 4) },
      { id: 5, callFrame: frame('(idle)', '') },
    ],
    startTime: 0,
    endTime: 10_000,
    samples: [2, 3, 3, 4, 4, 4, 4, 5, 5, 5],
    timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
  };

  it('counts each sample until the next, leaves idle time out of the shares, and ranks functions by self time', () => {
    const s = summarise(profile, 2);
    expect(s.totalMs).toBe(10);
    expect(s.activeMs).toBe(7);
    expect(s.shares.pg).toBeCloseTo(4 / 7);
    expect(s.shares.json).toBeCloseTo(2 / 7);
    expect(s.shares.express).toBeCloseTo(1 / 7);
    expect(s.top.map((f) => [f.functionName, f.where, f.selfMs])).toEqual([
      ['Client.query', 'node_modules/pg/lib/client.js:5', 4],
      ['parse', '(built-in)', 2],
    ]);
  });

  it('falls back on hit counts when the profile has no samples', () => {
    const hits: CpuProfile = { ...profile, samples: undefined, timeDeltas: undefined, nodes: profile.nodes.map((n) => ({ ...n, hitCount: n.id === 4 ? 3 : n.id === 3 ? 1 : 0 })) };
    expect(summarise(hits).shares.pg).toBeCloseTo(0.75);
  });

  it('prints the shares and the top functions', () => {
    const text = formatSummary('api', summarise(profile));
    expect(text).toContain('api: 7 ms of CPU in 10 ms profiled');
    expect(text).toContain('pg 57.1%');
    expect(text).toMatch(/1\.\s+4 ms\s+57\.1%\s+pg\s+Client\.query \(node_modules\/pg\/lib\/client\.js:5\)/);
  });
});
