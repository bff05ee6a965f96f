/**
 * The what-if job: reads the orders placed in the period from the event log (OrderPlaced holds
 * each cart's lines and the prices checkout computed; an OrderEdited, the order as staff left it), prices each again with and without the
 * draft (libs/domain/src/what-if) and sums the money figures of each order as it stands (its status,
 * returns, refunds and courier fees). It only reads: nothing is appended.
 */
import type { CourierCollectionRecorded, OrderEdited, OrderPlaced, OrderReturned, OrderStatusChanged, OrderVersion, RefundRecorded } from '#domain/order/events.js';
import { withVersion } from '#domain/order/order-edit.js';
import type { ShopRules } from '#domain/shop-config.js';
import type { PromotionDraft } from '#domain/what-if/promotion-draft.js';
import { WhatIfTally, type OrderOutcome, type WhatIfFigures } from '#domain/what-if/what-if-tally.js';
import type { EventStore, Position, RecordedEvent } from '#event-store/event-store.port.js';
import { comparePositions } from '#event-store/event-store.port.js';
import type { JobContext } from '#platform/jobs/job-queue.port.js';

export const WHAT_IF_JOB = 'admin.what-if';

export interface WhatIfJobData {
  draft: PromotionDraft;
  /** ISO instants: orders placed at or after `from` and before `to`. */
  from: string;
  to: string;
  requestedBy: string;
  /** Identical pending requests share one job (admin-job-bounds.ts). */
  requestKey?: string;
}

export interface WhatIfJobResult extends WhatIfFigures {
  from: string;
  to: string;
  draft: PromotionDraft;
  /** Orders read from the log (every period), to tell "no orders then" from "no orders at all". */
  ordersScanned: number;
  seconds: number;
}

/** Orders read a page at a time: a page of OrderPlaced is a few MB of JSON. */
const PAGE = 2000;

/** Share of the log (from its first order to the head when the job started) read so far. */
function progressOf(first: Position, at: Position, head: Position): number {
  const span = Number(head.commit - first.commit);
  return span <= 0 ? 99 : Math.min(99, (Number(at.commit - first.commit) / span) * 99);
}

/** Each edited order's last version up to the head (edits are few: one read of them all before the orders). */
async function lastEdits(store: EventStore, head: Position): Promise<Map<string, OrderVersion>> {
  const edits = new Map<string, OrderVersion>();
  let cursor: Position | undefined;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({ fromPosition: cursor, maxCount: PAGE, filter: { eventTypes: ['OrderEdited'] } });
    for (const event of page) {
      if (comparePositions(event.position, head) > 0) return edits;
      const d = (event as RecordedEvent<'OrderEdited', OrderEdited['data']>).data;
      if (d?.after?.totals && Array.isArray(d.after.items)) edits.set(d.orderId, d.after);
    }
    if (page.length < PAGE) return edits;
    cursor = page[page.length - 1].position;
  }
}

/** An amount an event carries (the log is read for ever: anything else counts 0). */
const amount = (value: unknown): number => (Number.isSafeInteger(value) ? (value as number) : 0);

/**
 * What became of each order up to the head: its status, its returns, refunds and courier fees.
 * One read of those events before the orders (they are a few per order).
 */
async function outcomes(store: EventStore, head: Position): Promise<Map<string, OrderOutcome>> {
  const found = new Map<string, OrderOutcome>();
  const of = (orderId: string) => found.get(orderId) ?? { status: 'PLACED', returned: 0, refunded: 0, courierFee: 0 };
  let cursor: Position | undefined;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({
      fromPosition: cursor, maxCount: PAGE, filter: { eventTypes: ['OrderStatusChanged', 'OrderReturned', 'RefundRecorded', 'CourierCollectionRecorded'] },
    });
    for (const event of page) {
      if (comparePositions(event.position, head) > 0) return found;
      const d = event.data as Partial<OrderStatusChanged['data'] & OrderReturned['data'] & RefundRecorded['data'] & CourierCollectionRecorded['data']>;
      if (typeof d?.orderId !== 'string') continue;
      const o = of(d.orderId);
      if (event.type === 'OrderStatusChanged') found.set(d.orderId, { ...o, status: String(d.to) });
      else if (event.type === 'OrderReturned') found.set(d.orderId, { ...o, returned: o.returned + amount(d.amount) });
      else if (event.type === 'RefundRecorded') found.set(d.orderId, { ...o, refunded: o.refunded + amount(d.amount) });
      else found.set(d.orderId, { ...o, courierFee: o.courierFee + amount(d.fee) });
    }
    if (page.length < PAGE) return found;
    cursor = page[page.length - 1].position;
  }
}

export function whatIfProcessor(deps: { store: EventStore; rules: ShopRules }) {
  return async (data: WhatIfJobData, ctx: Pick<JobContext, 'reportProgress'>): Promise<WhatIfJobResult> => {
    const started = performance.now();
    const from = Date.parse(data.from);
    const to = Date.parse(data.to);
    const tally = new WhatIfTally(deps.rules, data.draft);
    // Orders appended while the job runs are left out: the figures are of the log as it stood.
    const head = await deps.store.headPosition();
    const edits = await lastEdits(deps.store, head);
    const outcome = await outcomes(deps.store, head);
    let scanned = 0;
    let first: Position | undefined;
    let cursor: Position | undefined;
    for (;;) {
      const page: RecordedEvent[] = await deps.store.readAll({ fromPosition: cursor, maxCount: PAGE, filter: { eventTypes: ['OrderPlaced'] } });
      let pastHead = false;
      for (const event of page) {
        if (comparePositions(event.position, head) > 0) {
          pastHead = true;
          break;
        }
        scanned++;
        const placed = (event as RecordedEvent<'OrderPlaced', OrderPlaced['data']>).data;
        // An order staff edited is priced as its last edit left it (placed when it was placed).
        const edit = edits.get(placed.orderId);
        const order = edit ? withVersion(placed, edit) : placed;
        const placedAt = Date.parse(order.placedAt);
        if (placedAt >= from && placedAt < to) tally.addOrder(order, outcome.get(placed.orderId) ?? { status: 'PLACED', returned: 0, refunded: 0, courierFee: 0 });
      }
      if (page.length === 0) break;
      first ??= page[0].position;
      cursor = page[page.length - 1].position;
      await ctx.reportProgress(progressOf(first, cursor, head));
      if (pastHead || page.length < PAGE) break;
    }
    await ctx.reportProgress(100);
    return { ...tally.figures(), from: data.from, to: data.to, draft: data.draft, ordersScanned: scanned, seconds: Number(((performance.now() - started) / 1000).toFixed(3)) };
  };
}
