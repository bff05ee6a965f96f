/** Order commands. An order is placed only by checkout (see checkout/checkout.decider.ts). */
import type { Actor, DomainCommand } from '../shared/event.js';

/** status is validated by the decider; the actor goes into the event metadata. */
export type ChangeOrderStatus = DomainCommand<'ChangeOrderStatus', {
  orderId: string;
  status: string;
  reason?: string | null;
  actor: Actor;
}>;

export type OrderCommand = ChangeOrderStatus;
