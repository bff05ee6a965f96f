import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';
import { normalizeOrder, type AdminOrder, type OrderStatus } from './order-model';

export interface OrdersQueryArgs {
  status?: OrderStatus;
  dateFrom?: string;
  dateTo?: string;
}

export interface OrderHistoryEntry {
  eventId: string;
  type: string;
  occurredAt: string;
  actor: { kind: string; id: string } | null;
  changes: Record<string, unknown>;
}

const ORDERS_TIMEOUT_MS = 10_000;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrder[], OrdersQueryArgs>({
      query: (args) => ({ url: 'admin/orders', params: { ...args }, timeout: ORDERS_TIMEOUT_MS }),
      transformResponse: (answer: unknown) => unwrapList<Record<string, unknown>>(answer).map(normalizeOrder),
      providesTags: (orders = []) => [{ type: 'Order', id: 'LIST' }, ...orders.map((o) => ({ type: 'Order' as const, id: o.id }))],
    }),
    getOrderHistory: build.query<OrderHistoryEntry[], string>({
      query: (id) => `admin/orders/${id}/history`,
      transformResponse: (answer: unknown) => unwrapList<OrderHistoryEntry>(answer),
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
