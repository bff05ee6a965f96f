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

/**
 * Whether a held message still holds, judged on the order's stream: every status the order took
 * since the fact (`factId`) kept it true. An order confirmed, moved back and confirmed again owes
 * one confirmation, the second's: the first was undone even though the order is confirmed now.
 */
export function stillTrueSince(events: readonly { id: string; type: string; data: unknown }[], factId: string, status: OrderStatus | undefined): boolean {
  const at = events.findIndex((e) => e.id === factId);
  if (at < 0) return false;
  return events.slice(at + 1).every((e) => e.type !== 'OrderStatusChanged' || stillTrue(status, (e.data as { to: OrderStatus }).to));
}
