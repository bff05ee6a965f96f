import { useEffect, useRef } from 'react';
import { formatMoney } from '../../lib/money';
import { useToast } from '../../lib/toast';
import { customerName, orderPath } from './order-model';
import { useGetOrdersPageQuery, type OrdersQueryArgs } from './orders-api';

/** The newest order alone: live updates refetch it (its 'Order' tags) whenever the orders change. */
const NEWEST: OrdersQueryArgs = { page: 1, size: 1, sort: 'latest' };
const NEW_ORDER_TOAST_MS = 8000;

/**
 * On every back-office page: a toast for each order placed while the page is open, linking to the
 * order's page. The order seen first is the baseline, so opening a page announces nothing.
 */
export function useNewOrderToast(): void {
  const { data } = useGetOrdersPageQuery(NEWEST);
  const toast = useToast();
  // undefined: nothing loaded yet; null: loaded, the shop had no order.
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    const newest = data.data[0];
    if (newest && seen.current !== undefined && newest.orderNumber !== seen.current) {
      toast.info('New order', `${newest.orderNumber} · ${customerName(newest)} · ${formatMoney(newest.total)}`, NEW_ORDER_TOAST_MS, {
        to: orderPath(newest.orderNumber),
        label: 'View order',
      });
    }
    seen.current = newest?.orderNumber ?? null;
    // Only a new answer can announce an order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
}
