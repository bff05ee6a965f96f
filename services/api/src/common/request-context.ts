import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Actor, Position } from '#event-store/event-store.port.js';

/**
 * Per-request facts every layer may need without threading them through: the request id
 * (logged by pino and written as the events' correlationId), who acts, and the last
 * position this request appended (sent back as X-Event-Position).
 */
export interface RequestContext {
  requestId: string;
  actor: Actor;
  causationId?: string;
  lastPosition?: Position;
  /** Streams folded during this request, by stream name (see CatalogueLoader): read each once. */
  memo?: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** Outside a request (boot, jobs) the actor is the system and each call gets a fresh id. */
export function currentContext(): RequestContext {
  return storage.getStore() ?? { requestId: randomUUID(), actor: { kind: 'system', id: 'api' } };
}

/** The id of the request running now, if any (log lines name it). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function setActor(actor: Actor): void {
  const ctx = storage.getStore();
  if (ctx) ctx.actor = actor;
}

/** Cart commands act as the shopper owning that cart (unless an admin or the system is acting). */
export function actAsShopper(cartId: string): void {
  const ctx = storage.getStore();
  if (ctx && ctx.actor.kind === 'shopper') ctx.actor = { kind: 'shopper', id: cartId };
}

export function recordPosition(position: Position): void {
  const ctx = storage.getStore();
  if (ctx) ctx.lastPosition = position;
}

/**
 * Per-request memo: the same catalogue stream read twice in one request (the add-to-cart command,
 * then pricing the answer) is read once. Outside a request nothing is memoised.
 */
export function memoInRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const ctx = storage.getStore();
  if (!ctx) return load();
  ctx.memo ??= new Map();
  let hit = ctx.memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    ctx.memo.set(key, hit);
    hit.catch(() => ctx.memo?.delete(key));
  }
  return hit;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming X-Request-Id is kept when it looks like an id (it ends up in logs and events). */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}
