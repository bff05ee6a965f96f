import { createHash } from 'node:crypto';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { seededRandom } from '../lib/seeded-random.js';
import { BARRIER, scaleLog, type ScaleLogOptions } from './scale-log.js';
import { typedPhone } from './shop-people.js';

/** Every request of a run, as JSON, hashed: two runs agree when the hashes do. */
function fingerprint(o: ScaleLogOptions): { hash: string; requests: number; firstTimes: string[] } {
  const hash = createHash('sha256');
  const log = scaleLog(o);
  let requests = 0;
  const firstTimes: string[] = [];
  for (let next = log.next(); !next.done; next = log.next()) {
    if (next.value === BARRIER) continue;
    requests++;
    hash.update(JSON.stringify(next.value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
    if (firstTimes.length < 3) firstTimes.push(String(next.value.appends[0].events[0].metadata.occurredAt));
  }
  return { hash: hash.digest('hex'), requests, firstTimes };
}

describe('the scale log', () => {
  const options = { orders: 150, seed: 11, posters: 40 };

  it('is the same request for request for the same seed, and another for another seed', () => {
    const a = fingerprint(options);
    expect(fingerprint(options)).toEqual(a);
    expect(fingerprint({ ...options, seed: 12 }).hash).not.toBe(a.hash);
  });

  it('places exactly the orders asked for, with about ten events each, in a history ending at the given date', () => {
    const log = scaleLog({ ...options, end: new Date('2025-06-01T00:00:00Z'), days: 100 });
    let next = log.next();
    let last = '';
    for (; !next.done; next = log.next()) if (next.value !== BARRIER) last = String(next.value.appends.at(-1)!.events.at(-1)!.metadata.occurredAt);
    const summary = next.value;
    expect(summary.orders).toBe(150);
    expect(summary.eventsByType.OrderPlaced).toBe(150);
    expect(summary.eventsByType.CartCheckedOut).toBe(150);
    expect(summary.events).toBeGreaterThanOrEqual(150 * 10);
    expect(summary.abandonedCarts).toBeGreaterThan(summary.orders);
    expect(summary.from).toBe('2025-02-21T00:00:00.000Z');
    expect(last <= '2025-06-01T00:00:00.000Z' && last >= '2025-05-01T00:00:00.000Z').toBe(true);
  });

  it('types phones in ways the checkout form reads back as the same number', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) expect(normaliseEgyptianPhone(typedPhone('01012345678', random))).toBe('01012345678');
  });
});
