import type { SubscriberPage, SubscriberView } from '../../api/generated';
import { api } from '../../lib/api';

export type Subscriber = SubscriberView;

export const SUBSCRIBERS_PAGE_SIZE = 20;

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest first; the server searches the e-mail address. */
    getSubscribers: build.query<SubscriberPage, { page: number; search?: string }>({
      query: ({ page, search }) => ({ url: 'admin/newsletter', params: { page, size: SUBSCRIBERS_PAGE_SIZE, ...(search ? { search } : {}) } }),
      providesTags: ['Subscriber'],
    }),
    deleteSubscriber: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/newsletter/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Subscriber'],
    }),
  }),
});

export const { useGetSubscribersQuery, useDeleteSubscriberMutation } = newsletterApi;
