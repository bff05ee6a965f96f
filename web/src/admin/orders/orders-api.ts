import { generatedApi, type AdminOrderPage, type AdminOrderView, type OrderHistoryEntryView, type OrderHistoryView, type SizeCountView } from '../../api/generated-admin';
import type { OrderStatus } from './order-model';

/** What selects and orders the list: the same for a page, the CSV export and 'Count Sizes'. */
export interface OrderListFilters {
  status?: OrderStatus;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  /** The server's sort name (latest, total_desc, ...). */
  sort?: string;
  /** 'true': only orders from phones risky for cash on delivery. */
  risky?: 'true';
  paymentMethod?: 'COD';
}

/** One page of the list: the server filters, searches, sorts and pages. */
export interface OrdersQueryArgs extends OrderListFilters {
  page: number;
  size: number;
}

export type OrderHistoryEntry = OrderHistoryEntryView;

const ORDERS_TIMEOUT_MS = 10_000;

// Hand-written: the list reads have their own timeout, and the history is cached as its list of
// events. The page has a name of its own, so the generated list stays as generated for the call
// queue. Status changes, from the list or the order's page, go through the guarded route below.
export const ordersApi = generatedApi.injectEndpoints({
  overrideExisting: true,
  endpoints: (build) => ({
    getOrdersPage: build.query<AdminOrderPage, OrdersQueryArgs>({
      query: (args) => ({ url: 'admin/orders', params: { ...args }, timeout: ORDERS_TIMEOUT_MS }),
      providesTags: (page) => [{ type: 'Order', id: 'LIST' }, ...(page?.data ?? []).map((o) => ({ type: 'Order' as const, id: o.id }))],
    }),
    getSizeDistribution: build.query<SizeCountView[], OrderListFilters>({
      query: (args) => ({ url: 'admin/orders/size-distribution', params: { ...args }, timeout: ORDERS_TIMEOUT_MS }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    /** One order by its number (or id), for its own page; refetched by any order change, live ones included. */
    getOrderByNumber: build.query<AdminOrderView, string>({
      query: (orderNumber) => `admin/orders/${encodeURIComponent(orderNumber)}`,
      providesTags: (order) => [{ type: 'Order', id: 'LIST' }, ...(order ? [{ type: 'Order' as const, id: order.id }] : [])],
    }),
    getOrderHistory: build.query<OrderHistoryEntry[], string>({
      query: (id) => `admin/orders/${id}/history`,
      transformResponse: (history: OrderHistoryView) => history.events,
      providesTags: (_r, _e, id) => [{ type: 'Order', id: `history-${id}` }],
    }),
  }),
});

export const { useGetOrderByNumberQuery, useGetOrdersPageQuery, useGetSizeDistributionQuery, useGetOrderHistoryQuery } = ordersApi;

// The back-office's guarded status change (reasons, corrections), as generated; a refusal (someone
// acted meanwhile) changes what the page should show too, so it refreshes either way.
export const { useChangeOrderStatusGuardedMutation } = generatedApi.enhanceEndpoints({
  endpoints: {
    changeOrderStatusGuarded: {
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id: 'LIST' }, { type: 'Order', id }, 'Dashboard', 'Customer', 'CallQueue'],
    },
  },
});

// A return or a refund changes the order's figures on the dashboard.
export const { useReturnOrderMutation, useRecordRefundMutation } = generatedApi.enhanceEndpoints({
  endpoints: {
    returnOrder: { invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id }, 'Dashboard']) },
    recordRefund: { invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id }, 'Dashboard']) },
  },
});

// A customer correction changes the order, its trail and the customers list.
export const { useCorrectCustomerMutation } = generatedApi.enhanceEndpoints({
  endpoints: {
    correctCustomer: {
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id: 'LIST' }, { type: 'Order', id }, 'Customer', 'CallQueue']),
    },
  },
});

// An edit changes the order everywhere it shows: its page and trail, the lists, the queue, the
// dashboard and the customers. The preview changes nothing. A refused edit (someone changed the
// order meanwhile) refreshes the order so the dialog can be opened again on what it is now.
export const { useEditOrderMutation, usePreviewOrderEditMutation, useAddOrderNoteMutation } = generatedApi.enhanceEndpoints({
  endpoints: {
    editOrder: {
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id: 'LIST' }, { type: 'Order', id }, 'Dashboard', 'Customer', 'CallQueue'],
    },
    addOrderNote: {
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Order', id: `history-${id}` }, { type: 'Order', id: 'LIST' }, { type: 'Order', id }, 'CallQueue']),
    },
  },
});
