/**
 * The event → message decision, and the check made again when a held message falls due. Pure:
 * the outbox reactor and the dispatcher give the events, the time comes from their caller.
 */
import type { OrderStatus } from '../order/events.js';
import { MESSAGE_TABLE, type MessageRow } from './message-table.js';

/** The forward path of an order; CANCELED and REFUSED are off it. */
const FORWARD: readonly OrderStatus[] = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'];

function rank(status: OrderStatus): number {
  return FORWARD.indexOf(status);
}

/**
 * The message a fact calls for, or none. A status message only for a move forward along the path:
 * a correction back (DELIVERED → SHIPPED) tells the shopper nothing new.
 */
export function messageFor(type: string, data: unknown): MessageRow | undefined {
  if (type === 'OrderStatusChanged') {
    const move = data as { from?: OrderStatus; to?: OrderStatus; correction?: true } | null;
    if (!move?.from || !move.to || move.correction) return undefined;
    if (rank(move.to) <= rank(move.from)) return undefined;
    return MESSAGE_TABLE.find((row) => row.on === type && row.to === move.to);
  }
  return MESSAGE_TABLE.find((row) => row.on === type && row.to === undefined);
}

/**
 * Whether a held message about reaching `status` still holds once its window has closed: the
 * order is still there, or has moved on along the path. Moved back (an undone confirmation),
 * canceled or refused: the message is dropped.
 */
export function stillTrue(status: OrderStatus | undefined, current: OrderStatus): boolean {
  if (status === undefined) return true;
  if (rank(current) < 0) return false;
  return rank(current) >= rank(status);
}

/** When a message may first be tried: at once, or when the undo window after its fact has closed. */
export function firstTryAt(row: Pick<MessageRow, 'held'>, factAt: Date, holdMs: number): Date {
  return row.held ? new Date(factAt.getTime() + holdMs) : factAt;
}
