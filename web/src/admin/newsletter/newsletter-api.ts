import type { SubscriberView } from '../../api/generated';
import { api } from '../../lib/api';

export type Subscriber = SubscriberView;

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscribers: build.query<SubscriberView[], void>({
      query: () => 'admin/newsletter',
      providesTags: ['Subscriber'],
    }),
    deleteSubscriber: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/newsletter/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Subscriber'],
    }),
  }),
});

export const { useGetSubscribersQuery, useDeleteSubscriberMutation } = newsletterApi;
