import type { CustomPriceView, UpdatePriceApiArg } from '../../api/generated';
import { api } from '../../lib/api';

export type PricingEntry = CustomPriceView;

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminPricing: build.query<CustomPriceView[], void>({
      query: () => 'pricing',
      providesTags: ['Pricing'],
    }),
    updatePrice: build.mutation<unknown, UpdatePriceApiArg>({
      query: ({ size, price }) => ({ url: `pricing/${encodeURIComponent(size)}`, method: 'PUT', params: { price } }),
      invalidatesTags: ['Pricing', 'Cart'],
    }),
  }),
});

export const { useGetAdminPricingQuery, useUpdatePriceMutation } = pricingApi;
