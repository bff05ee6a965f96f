// The admin's view of an order: the API's AdminOrderView, as the generated client types it.
import type { AdminOrderView } from '../../api/generated-admin';
import { ORDER_STATUSES as DOMAIN_ORDER_STATUSES } from '../../../../libs/domain/src/order/events';

export type AdminOrder = AdminOrderView;
export type OrderStatus = AdminOrderView['status'];
/** In lifecycle order; which moves an order allows now is its nextStatuses (from the server). */
export const ORDER_STATUSES: readonly OrderStatus[] = DOMAIN_ORDER_STATUSES;

export const customerName = (order: AdminOrder) => `${order.firstName} ${order.lastName}`.trim();

/** Order item sizes may come with or without the SIZE_ prefix; both show as 30x40cm. */
export function sizeLabel(size: string | null): string {
  if (!size) return 'N/A';
  const bare = size.replace(/^SIZE_/i, '');
  return /^\d+x\d+$/i.test(bare) ? `${bare}cm` : bare;
}

/** The order's own page: its number is the address a manager pastes into a chat or a note. */
export const orderPath = (orderNumberOrId: string) => `/admin/orders/${encodeURIComponent(orderNumberOrId)}`;

/** The order a log stream belongs to (`order-<id>` or `ordernumber-<NUMBER>`), for a link from the event browser. */
export function orderOfStream(stream: string): string | null {
  const match = /^order(?:number)?-(.+)$/.exec(stream);
  return match ? match[1] : null;
}

/** An order staff may still edit: nothing has left the shop (the server refuses the rest with a 409). */
export const isEditable = (order: AdminOrder) => order.status === 'PLACED' || order.status === 'CONFIRMED';
