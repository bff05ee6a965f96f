import { generatedApi, type CustomPriceView } from '../../api/generated-admin';

export type PricingEntry = CustomPriceView;

// A new price changes what a cart with that size costs.
export const pricingApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getPricing: { providesTags: ['Pricing'] },
    updatePrice: { invalidatesTags: ['Pricing', 'Cart'] },
  },
});

export const { useGetPricingQuery, useUpdatePriceMutation } = pricingApi;
