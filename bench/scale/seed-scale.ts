/**
 * seedScale: writes a realistic two-year log of the shop (see scale-log.ts) into an empty event
 * store through its append, many appends in flight, and measures how fast it went. The same
 * options give the same events in every stream (ids, data, metadata, revisions) and every
 * customer's orders in the same order; how streams interleave in the global log, and which
 * requests share an append, depend on the store's timing.
 */
import { comparePositions, START, type EventStore, type Position } from '#event-store/event-store.port.js';
import { OrderedAppender } from './ordered-appender.js';
import { BARRIER, scaleLog, type ScaleLogOptions, type ScaleLogSummary } from './scale-log.js';

export interface SeedProgress {
  /** Events written (acknowledged by the store) so far. */
  events: number;
  seconds: number;
  /** How far the simulated history has been decided. */
  simulatedTime: string;
}

export interface SeedScaleOptions extends ScaleLogOptions {
  store: EventStore;
  /**
   * Requests written at once (default 400): the PostgreSQL adapter sends what is queued as groups
   * of up to 200 appends on 2 lanes, and full groups cost the least per event (measured: 256 and
   * 800 both cost more CPU per event than 400, on both sides).
   */
  inFlight?: number;
  /**
   * Requests decided ahead of the writer (default 4,096). Each stream takes its appends one at a
   * time, so the writer needs many streams with work waiting to keep `inFlight` busy; a longer
   * window only keeps more requests alive through garbage collections (8,192 cost more CPU).
   */
  window?: number;
  /**
   * Write the requests to one stream that queue up behind each other as one append (default
   * true): the same events, revisions and metadata, fewer statements. false writes one append
   * per request, as the API does.
   */
  coalesce?: boolean;
  onProgress?: (p: SeedProgress) => void;
  progressEveryMs?: number;
}

export interface SeedScaleResult extends ScaleLogSummary {
  /** Events the store acknowledged: equal to `events` (decided) when the run completes. */
  written: number;
  appends: number;
  /** Position of the last event written: read models built up to here hold the whole seed. */
  lastPosition: Position;
  seconds: number;
  eventsPerSecond: number;
  /**
   * CPU this process spent seeding (deciding, and the store's client side: JSON, encoding),
   * per event written: unlike events/s, hardly moved by other work on a shared machine.
   */
  cpuMicrosPerEvent: number;
}

export async function seedScale(o: SeedScaleOptions): Promise<SeedScaleResult> {
  const head = await o.store.headPosition();
  if (comparePositions(head, START) !== 0) throw new Error('seedScale writes into an empty event store; this one already has events');
  const window = o.window ?? 4096;
  const appender = new OrderedAppender(o.store, { inFlight: o.inFlight ?? 400, coalesce: o.coalesce ?? true });
  const log = scaleLog(o);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const seconds = () => (performance.now() - started) / 1000;
  const report = () => o.onProgress?.({ events: appender.events, seconds: seconds(), simulatedTime: new Date(log.clock()).toISOString() });
  const timer = o.onProgress ? setInterval(report, o.progressEveryMs ?? 1000) : undefined;
  let summary: ScaleLogSummary;
  let submitted = 0;
  try {
    for (;;) {
      const next = log.next();
      if (next.done) {
        summary = next.value;
        break;
      }
      if (next.value === BARRIER) {
        await appender.drain();
        continue;
      }
      appender.submit(next.value);
      if (appender.pending >= window) await appender.waitUntilBelow(window * 0.9);
      // Deciding is synchronous: let the store's replies in now and then, so writing overlaps it.
      else if (++submitted % 64 === 0) await new Promise(setImmediate);
    }
    await appender.drain();
  } finally {
    clearInterval(timer);
  }
  report();
  const elapsed = seconds();
  const { user, system } = process.cpuUsage(cpu);
  return {
    ...summary,
    written: appender.events,
    appends: appender.appends,
    lastPosition: appender.last,
    seconds: elapsed,
    eventsPerSecond: Math.round(appender.events / elapsed),
    cpuMicrosPerEvent: Number(((user + system) / appender.events).toFixed(1)),
  };
}
