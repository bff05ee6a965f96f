/**
 * A person's screened orders (`screening-<subjectId>`): what checkout needs to flag a duplicate
 * or a first order, on the write side. Appends expect the revision the flags were decided on, so
 * two checkouts of one person racing each see the other (the loser decides again).
 */
import type { Decider } from '../shared/decider.js';
import type { ScreenOrder } from './commands.js';
import type { OrderScreened } from './events.js';
import { screenOrder, type ScreenedOrder } from './screening-flags.js';

/** The most recent orders remembered for duplicates: more than anyone places within the longest window. */
export const REMEMBERED_ORDERS = 50;

export interface CustomerScreeningState {
  /** Every order screened for the person. */
  placed: number;
  /** The most recent ones, oldest first. */
  recent: readonly ScreenedOrder[];
}

export const initialCustomerScreeningState: CustomerScreeningState = Object.freeze({ placed: 0, recent: [] });

export const customerScreeningDecider: Decider<ScreenOrder, OrderScreened, CustomerScreeningState> = {
  initialState: initialCustomerScreeningState,
  decide({ data: { subjectId, order, settings } }, state) {
    // Screened already: a retry of the same checkout.
    if (state.recent.some((o) => o.orderId === order.orderId)) return [];
    const { flags, duplicateOf } = screenOrder(order, state.recent, state.placed, settings);
    return [{ type: 'OrderScreened', data: { subjectId, orderId: order.orderId, orderNumber: order.orderNumber, placedAt: order.placedAt, lines: order.lines, total: order.total, flags, duplicateOf } }];
  },
  evolve(state, { data }) {
    const recent = [...state.recent, { orderId: data.orderId, orderNumber: data.orderNumber, placedAt: data.placedAt, lines: data.lines }].slice(-REMEMBERED_ORDERS);
    return { placed: state.placed + 1, recent };
  },
};
