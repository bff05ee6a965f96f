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
      // The answer is a bare list or { orderId, orderNumber, events: [...] }; time may be named occurredAt or time.
      transformResponse: (answer: unknown) => {
        const events = Array.isArray(answer) ? answer : ((answer as { events?: unknown[] } | null)?.events ?? unwrapList(answer));
        return (events as Record<string, unknown>[]).map((e) => ({
          eventId: String(e.eventId ?? e.id),
          type: String(e.type),
          occurredAt: String(e.occurredAt ?? e.time ?? e.recordedAt ?? ''),
          actor: (e.actor as OrderHistoryEntry['actor']) ?? null,
          changes: (e.changes as Record<string, unknown>) ?? {},
        }));
      },
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
