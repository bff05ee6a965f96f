import { generatedApi, type AdminOrderPage, type OrderStatusChangeView } from '../../api/generated-admin';

/** The oldest unconfirmed cash-on-delivery orders the queue shows at once. */
export const CALL_QUEUE_SIZE = 50;

// The queue is the orders list filtered on the server (PLACED, COD, oldest first), cached under
// its own tag so a status change anywhere, and the live updates, refresh it.
export const callQueueApi = generatedApi.injectEndpoints({
  endpoints: (build) => ({
    getCallQueue: build.query<AdminOrderPage, void>({
      query: () => ({ url: 'admin/orders', params: { status: 'PLACED', paymentMethod: 'COD', sort: 'oldest', size: CALL_QUEUE_SIZE } }),
      providesTags: ['CallQueue'],
    }),
    /** Confirm or cancel with the revision the admin saw: a change since is a 409 naming who made it. */
    actOnQueuedOrder: build.mutation<OrderStatusChangeView, { id: string; status: 'CONFIRMED' | 'CANCELED'; reason?: string; expectedRevision: number }>({
      query: ({ id, ...body }) => ({ url: `admin/orders/${id}/status`, method: 'PATCH', body }),
      // A conflict changes the queue too (someone else acted): refresh it either way.
      invalidatesTags: (_r, _e, { id }) => ['CallQueue', { type: 'Order', id: 'LIST' }, { type: 'Order', id: `history-${id}` }, 'Dashboard'],
    }),
  }),
});

export const { useGetCallQueueQuery, useActOnQueuedOrderMutation } = callQueueApi;
