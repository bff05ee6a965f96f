/**
 * Idempotency of checkout, as payment APIs define it: a key names one request to one cart. The
 * key and a hash of the body are recorded in CartCheckedOut, so the rule holds across restarts
 * and replicas (nothing is kept in memory).
 */
import { createHash } from 'node:crypto';
import type { CheckedOutCart } from '../cart/cart.decider.js';
import type { CheckoutRequest } from '../cart/events.js';

export const IDEMPOTENCY_MESSAGES = {
  keyReused: 'This Idempotency-Key was already used for a checkout with a different request body. Use a new key for a new request.',
} as const;

/** Key order and undefined fields do not change the hash; anything else the client sent does. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

export function checkoutBodyHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(body ?? {}))).digest('base64url');
}

export function checkoutRequest(body: unknown, idempotencyKey: string | undefined): CheckoutRequest {
  return { idempotencyKey: idempotencyKey ?? null, bodyHash: checkoutBodyHash(body) };
}

/**
 * A checkout of a cart that is already checked out answers the original order (a retry, a second
 * tab), except when it reuses the original's key with another body: a client bug that answering
 * the old order would hide (the API answers 422 with IDEMPOTENCY_MESSAGES.keyReused).
 */
export function reusesKeyWithOtherBody(done: CheckedOutCart, request: CheckoutRequest): boolean {
  const original = done.request;
  if (!original || request.idempotencyKey === null || original.idempotencyKey !== request.idempotencyKey) return false;
  return original.bodyHash !== request.bodyHash;
}
