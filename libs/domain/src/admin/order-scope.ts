/**
 * Which orders each role's work is about, and how much of each it sees: the back-office's order
 * list and an order's page read it, so a role that may not read customers never pages through all
 * of them. The statuses come from the order's lifecycle and the permission map, never a second list.
 */
import { ORDER_STATUSES, type OrderStatus } from '../order/events.js';
import { AWAITING_SHIPMENT_STATUSES, isCorrection, ORDER_TRANSITIONS } from '../order/order-lifecycle.js';
import { permissionToMoveOrderTo, type StaffRole } from './staff-permissions.js';

/** The call-to-confirm queue: orders just placed, waiting for the call that confirms them. */
export const CALL_QUEUE_STATUSES: readonly OrderStatus[] = ['PLACED'];

const shipMove = (to: OrderStatus) => permissionToMoveOrderTo(to) === 'orders.ship';

/**
 * The packer's orders: those still to pack and send, and those it reached whose course it reports
 * next (a shipped parcel is delivered or refused, a refused one comes back). Corrections of a
 * settled outcome are a manager's, so a delivered order is nobody's parcel any more.
 */
export const SHIPPING_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (s) => AWAITING_SHIPMENT_STATUSES.includes(s) || (shipMove(s) && ORDER_TRANSITIONS[s].some((to) => shipMove(to) && !isCorrection(s, to))),
);

/**
 * The fields of an order's customer a parcel needs (its name, phone and where it goes; the
 * governorate is not personal data): what shipping sees of the person, the rest withheld.
 */
export const PARCEL_PERSONAL_FIELDS: readonly string[] = ['firstName', 'lastName', 'customerName', 'phone', 'addressLine', 'building', 'apartment', 'city'];

export interface OrderScope {
  /** The statuses of the orders the role sees. */
  readonly statuses: readonly OrderStatus[];
  /** Every field, or only what a parcel needs of the person. */
  readonly fields: 'all' | 'parcel';
}

export const ORDER_SCOPES: Readonly<Record<StaffRole, OrderScope>> = {
  owner: { statuses: ORDER_STATUSES, fields: 'all' },
  manager: { statuses: ORDER_STATUSES, fields: 'all' },
  agent: { statuses: CALL_QUEUE_STATUSES, fields: 'all' },
  shipping: { statuses: SHIPPING_STATUSES, fields: 'parcel' },
};

/** Whether the role's scope leaves some statuses out (a list then filters on them). */
export function seesEveryStatus(role: StaffRole): boolean {
  return ORDER_SCOPES[role].statuses.length === ORDER_STATUSES.length;
}
