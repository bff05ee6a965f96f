import { Counter, Gauge, type Registry } from 'prom-client';
import type pg from 'pg';
import { LAG_COUNT_CAP, type EventStore } from '#event-store/event-store.port.js';
import { createMetricsRegistry } from '#platform/metrics/metrics.js';
import { projectionReports } from './projection-report.js';

/**
 * Events handled per projection over a sliding window, for the events/s gauge. Old samples go
 * as new ones arrive, not only when /metrics is scraped: unscraped (npm start) the list grew
 * with every batch for as long as the projector ran.
 */
class RateWindow {
  private readonly samples = new Map<string, Array<[number, number]>>();
  constructor(private readonly windowMs = 10_000) {}
  add(key: string, n: number): void {
    const list = this.prune(key);
    list.push([Date.now(), n]);
  }
  keys(): string[] {
    return [...this.samples.keys()];
  }
  perSecond(key: string): number {
    return this.prune(key).reduce((s, [, n]) => s + n, 0) / (this.windowMs / 1000);
  }
  private prune(key: string): Array<[number, number]> {
    const cutoff = Date.now() - this.windowMs;
    let list = this.samples.get(key);
    if (!list) this.samples.set(key, (list = []));
    const stale = list.findIndex(([t]) => t >= cutoff);
    list.splice(0, stale === -1 ? list.length : stale);
    return list;
  }
}

/**
 * Prometheus metrics of the projector. Gauges are computed at scrape time from
 * projector.checkpoints (so any replica reports every projection) and the store's head.
 */
export class ProjectorMetrics {
  readonly registry: Registry;
  private readonly handled: Counter<'projection' | 'slot'>;
  private readonly errors: Counter<'projection' | 'slot'>;
  private readonly failures: Counter<'projection' | 'slot' | 'event_type'>;
  private readonly rates = new RateWindow();
  private readonly refresh: () => Promise<void>;

  constructor(pool: pg.Pool, store: EventStore, replicaId: string) {
    this.registry = createMetricsRegistry('projector');
    this.registry.setDefaultLabels({ service: 'projector', replica: replicaId });
    this.handled = new Counter({ name: 'projector_events_handled_total', help: 'Events applied by this replica', labelNames: ['projection', 'slot'], registers: [this.registry] });
    this.errors = new Counter({ name: 'projector_errors_total', help: 'Batches that failed (poison events included)', labelNames: ['projection', 'slot'], registers: [this.registry] });
    this.failures = new Counter({
      name: 'projector_projection_failures_total', help: 'Failed attempts of a projection by this replica (each retry that fails counts)',
      labelNames: ['projection', 'slot', 'event_type'], registers: [this.registry],
    });
    const rates = this.rates;
    new Gauge({
      name: 'projector_events_per_second', help: 'Events applied per second by this replica (10 s window)', labelNames: ['projection'], registers: [this.registry],
      collect() {
        this.reset();
        for (const key of rates.keys()) this.set({ projection: key }, rates.perSecond(key));
      },
    });
    const headGauge = new Gauge({ name: 'projector_head_position', help: 'Head of the log (prepare part)', registers: [this.registry] });
    // prom-client collects metrics concurrently, so one refresh before rendering fills them all.
    this.refresh = async () => {
        const { head, projections } = await projectionReports(pool, store);
        headGauge.set(Number(head.prepare));
        for (const g of [checkpoint, lagEvents, lagCapped, lagSeconds, owner, failed, attempts, retryIn]) g.reset();
        for (const p of projections) {
          checkpoint.set({ projection: p.projection, slot: p.slot, version: String(p.version) }, Number(p.position.split('/')[1]));
          lagEvents.set({ projection: p.projection, slot: p.slot }, p.lagEvents);
          lagCapped.set({ projection: p.projection, slot: p.slot }, p.lagCapped ? 1 : 0);
          lagSeconds.set({ projection: p.projection, slot: p.slot }, p.lagSeconds);
          failed.set({ projection: p.projection, slot: p.slot }, p.status === 'failed' ? 1 : 0);
          attempts.set({ projection: p.projection, slot: p.slot }, p.failure?.attempts ?? 0);
          const next = p.failure?.nextRetryAt?.getTime() ?? null;
          retryIn.set({ projection: p.projection, slot: p.slot }, next === null ? 0 : Math.max(0, (next - Date.now()) / 1000));
          if (p.owner && p.slot === 'live') owner.set({ projection: p.projection, owner: p.owner }, 1);
        }
        const age = (store as { oldestOpenTransactionAgeSeconds?: () => Promise<number> }).oldestOpenTransactionAgeSeconds;
        if (age) oldestTx.set(await age.call(store));
    };
    const checkpoint = new Gauge({ name: 'projector_checkpoint_position', help: 'Checkpoint (prepare part of the position)', labelNames: ['projection', 'slot', 'version'], registers: [this.registry] });
    const lagEvents = new Gauge({
      name: 'projector_lag_events', help: `Events in the log after the checkpoint, counted up to ${LAG_COUNT_CAP} (then projector_lag_events_capped is 1)`,
      labelNames: ['projection', 'slot'], registers: [this.registry],
    });
    const lagCapped = new Gauge({ name: 'projector_lag_events_capped', help: '1 when the lag count stopped at its cap: the lag is at least projector_lag_events', labelNames: ['projection', 'slot'], registers: [this.registry] });
    const lagSeconds = new Gauge({ name: 'projector_lag_seconds', help: 'Age of the oldest event not yet projected', labelNames: ['projection', 'slot'], registers: [this.registry] });
    const owner = new Gauge({ name: 'projector_projection_owner', help: '1 for the replica owning the projection', labelNames: ['projection', 'owner'], registers: [this.registry] });
    const failed = new Gauge({ name: 'projector_projection_failed', help: '1 when a projection stopped on an event', labelNames: ['projection', 'slot'], registers: [this.registry] });
    const attempts = new Gauge({ name: 'projector_projection_failure_attempts', help: 'Failed attempts in a row on the event a projection stopped on (0 when running)', labelNames: ['projection', 'slot'], registers: [this.registry] });
    const retryIn = new Gauge({ name: 'projector_projection_next_retry_seconds', help: 'Seconds until a failed projection is tried again (0 when running or due)', labelNames: ['projection', 'slot'], registers: [this.registry] });
    const oldestTx = new Gauge({ name: 'projector_event_store_oldest_transaction_age_seconds', help: 'Oldest open writing transaction in the store: readers wait behind it', registers: [this.registry] });
  }

  /** Prometheus text, with the checkpoint gauges read now. */
  async render(): Promise<string> {
    await this.refresh();
    return this.registry.metrics();
  }

  committed(projection: string, slot: 'live' | 'build', events: number): void {
    if (events === 0) return;
    this.handled.inc({ projection, slot }, events);
    this.rates.add(projection, events);
  }

  failed(projection: string, slot: 'live' | 'build', eventType: string | null = null): void {
    this.errors.inc({ projection, slot });
    this.failures.inc({ projection, slot, event_type: eventType ?? '' });
  }
}


