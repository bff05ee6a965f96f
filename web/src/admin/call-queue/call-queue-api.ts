import { generatedApi, type GetAdminOrdersApiArg } from '../../api/generated-admin';

/** The oldest unconfirmed cash-on-delivery orders the queue shows at once. */
export const CALL_QUEUE_SIZE = 50;

/** The queue is the orders list filtered on the server: PLACED cash-on-delivery orders, oldest first. */
export const CALL_QUEUE: GetAdminOrdersApiArg = { status: 'PLACED', paymentMethod: 'COD', sort: 'oldest', size: CALL_QUEUE_SIZE };

// The generated list and status change, cached under the queue's own tag so that a status change
// anywhere, and the live updates, refresh it. A status change is sent with the revision the admin
// saw: a change made since is a 409 naming who made it.
export const callQueueApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getAdminOrders: { providesTags: ['CallQueue'] },
    // A conflict changes the queue too (someone else acted): refresh it either way.
    updateOrderStatus: {
      invalidatesTags: (_r, _e, { id }) => ['CallQueue', { type: 'Order', id: 'LIST' }, { type: 'Order', id: `history-${id}` }, 'Dashboard'],
    },
  },
});

export const { useGetAdminOrdersQuery, useUpdateOrderStatusMutation } = callQueueApi;
