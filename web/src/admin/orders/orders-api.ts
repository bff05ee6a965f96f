import type { AdminOrderPage, OrderHistoryEntryView, OrderHistoryView } from '../../api/generated';
import { api } from '../../lib/api';
import type { AdminOrder, OrderStatus } from './order-model';

export interface OrdersQueryArgs {
  status?: OrderStatus;
  dateFrom?: string;
  dateTo?: string;
}

export type OrderHistoryEntry = OrderHistoryEntryView;

const ORDERS_TIMEOUT_MS = 10_000;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrder[], OrdersQueryArgs>({
      query: (args) => ({ url: 'admin/orders', params: { ...args }, timeout: ORDERS_TIMEOUT_MS }),
      transformResponse: (page: AdminOrderPage) => page.data,
      providesTags: (orders = []) => [{ type: 'Order', id: 'LIST' }, ...orders.map((o) => ({ type: 'Order' as const, id: o.id }))],
    }),
    getOrderHistory: build.query<OrderHistoryEntry[], string>({
      query: (id) => `admin/orders/${id}/history`,
      transformResponse: (history: OrderHistoryView) => history.events,
      providesTags: (_r, _e, id) => [{ type: 'Order', id: `history-${id}` }],
    }),
    /**
     * The new status shows at once in the list the admin is looking at (listArgs), then is saved;
     * on failure the cached list is restored (spec section 4).
     */
    updateOrderStatus: build.mutation<unknown, { id: string; status: OrderStatus; listArgs: OrdersQueryArgs }>({
      query: ({ id, status }) => ({ url: `admin/orders/${id}/status`, method: 'PATCH', body: { status } }),
      async onQueryStarted({ id, status, listArgs }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          ordersApi.util.updateQueryData('getAdminOrders', listArgs, (draft) => {
            const order = draft.find((o) => o.id === id);
            if (order) order.status = status;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id: 'LIST' }, 'Dashboard', 'Customer']),
    }),
  }),
});

export const { useGetAdminOrdersQuery, useGetOrderHistoryQuery, useUpdateOrderStatusMutation } = ordersApi;
