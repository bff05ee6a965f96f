import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface PricingEntry {
  size: string;
  price: number;
}

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminPricing: build.query<PricingEntry[], void>({
      query: () => 'pricing',
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((p) => ({ size: String(p.size), price: Number(p.price) })),
      providesTags: ['Pricing'],
    }),
    updatePrice: build.mutation<unknown, PricingEntry>({
      query: ({ size, price }) => ({ url: `pricing/${encodeURIComponent(size)}`, method: 'PUT', params: { price } }),
      invalidatesTags: ['Pricing', 'Cart'],
    }),
  }),
});

export const { useGetAdminPricingQuery, useUpdatePriceMutation } = pricingApi;
