import { generatedApi, type SubscriberView } from '../../api/generated-admin';

export type Subscriber = SubscriberView;

export const newsletterApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getSubscribers: { providesTags: ['Subscriber'] },
    deleteSubscriber: { invalidatesTags: ['Subscriber'] },
  },
});

export const { useGetSubscribersQuery, useDeleteSubscriberMutation } = newsletterApi;
