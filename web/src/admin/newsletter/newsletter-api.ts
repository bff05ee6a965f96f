import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface Subscriber {
  id: string;
  email: string;
  subscribedAt: string | null;
}

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscribers: build.query<Subscriber[], void>({
      query: () => 'admin/newsletter',
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((s) => ({
          id: String(s.id ?? s.subscriberId),
          email: String(s.email ?? ''),
          subscribedAt: ((s.subscribedAt ?? s.createdAt) as string | null) ?? null,
        })),
      providesTags: ['Subscriber'],
    }),
    deleteSubscriber: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/newsletter/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Subscriber'],
    }),
  }),
});

export const { useGetSubscribersQuery, useDeleteSubscriberMutation } = newsletterApi;
