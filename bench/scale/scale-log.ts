/**
 * Two years of the shop, decided command by command in simulated time: the requests to append,
 * in the order they happened. Synchronous and driven by one seeded generator, so the same
 * options give the same requests (ids, data, metadata, times) whatever the writer does with them.
 */
import { seededRandom } from '../lib/seeded-random.js';
import { Catalogue } from './catalogue-admin.js';
import { Content } from './content-admin.js';
import { Fulfilment } from './order-fulfilment.js';
import { Promotions } from './promotions-admin.js';
import { Shoppers } from './shoppers.js';
import { CustomerPool } from './shop-people.js';
import { DAY, HOUR, Timeline } from './timeline.js';
import { Tally, WriteSide, type AppendRequest } from './write-side.js';

export interface ScaleLogOptions {
  /** Orders placed over the whole span (exactly this many). */
  orders: number;
  seed: number;
  /** Posters in the catalogue (about 200 in a real shop of this size). */
  posters?: number;
  /** The simulated history ends here (not now(): two runs must agree). */
  end?: Date;
  days?: number;
}

/** Where the simulated history ends unless told otherwise. */
export const DEFAULT_END = new Date('2026-11-01T00:00:00.000Z');

/** Checked-out carts are about three in ten; the rest are abandoned. */
const SESSIONS_PER_ORDER = 3.5;
/** ~30,000 phones for 100,000 orders: loyal customers order again and again. */
const PHONES_PER_ORDER = 0.32;
const SIGN_UPS_PER_ORDER = 0.08;

/** Yielded once the launch-day catalogue is decided: the writer commits it before shopping starts. */
export const BARRIER = Symbol('barrier');

export interface ScaleLogSummary {
  orders: number;
  carts: number;
  abandonedCarts: number;
  distinctPhones: number;
  governorates: number;
  posters: number;
  events: number;
  requests: number;
  eventsByType: Record<string, number>;
  refusals: Record<string, number>;
  from: string;
  to: string;
}

export interface ScaleLog extends Generator<AppendRequest | typeof BARRIER, ScaleLogSummary> {
  /** The simulated time reached so far (ms), for progress lines. */
  readonly clock: () => number;
}

export function scaleLog(o: ScaleLogOptions): ScaleLog {
  if (!Number.isInteger(o.orders) || o.orders < 1) throw new Error(`orders must be a positive integer, got ${o.orders}`);
  const end = (o.end ?? DEFAULT_END).getTime();
  const start = end - (o.days ?? 730) * DAY;
  const random = seededRandom(o.seed);
  const pending: AppendRequest[] = [];
  const tally = new Tally();
  const w = new WriteSide(random, (request) => pending.push(request), tally);
  const timeline = new Timeline(start, end);
  const people = new CustomerPool(Math.max(1, Math.round(o.orders * PHONES_PER_ORDER)), random);
  const catalogue = new Catalogue(w, timeline, { posters: o.posters ?? 200, start, end });
  const promotions = new Promotions(w, timeline, { start, end });
  const content = new Content(w, timeline, people, { start, end, signUps: Math.round(o.orders * SIGN_UPS_PER_ORDER) });
  const shoppers = new Shoppers(w, timeline, catalogue, promotions, people, new Fulfilment(w, timeline), {
    // Shopping starts the day after launch and the last sessions end well before `end`, so every order is placed.
    from: start + 2 * DAY,
    to: end - 6 * HOUR,
    orders: o.orders,
    sessions: Math.round(o.orders * SESSIONS_PER_ORDER),
  });

  function* run(): Generator<AppendRequest | typeof BARRIER, ScaleLogSummary> {
    catalogue.open();
    promotions.open();
    content.open();
    yield* pending.splice(0);
    yield BARRIER;
    shoppers.open();
    while (timeline.runNext()) {
      if (pending.length > 0) yield* pending.splice(0);
    }
    if (shoppers.placed !== o.orders) throw new Error(`placed ${shoppers.placed} orders of ${o.orders}: the timeline ended too early`);
    return {
      orders: shoppers.placed,
      carts: shoppers.placed + shoppers.abandoned,
      abandonedCarts: shoppers.abandoned,
      distinctPhones: people.distinctPhones,
      governorates: shoppers.governorates.size,
      posters: catalogue.posters.length,
      events: tally.events,
      requests: tally.requests,
      eventsByType: Object.fromEntries([...tally.eventsByType].sort()),
      refusals: Object.fromEntries([...tally.refusals].sort()),
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
    };
  }
  return Object.assign(run(), { clock: () => timeline.now });
}
