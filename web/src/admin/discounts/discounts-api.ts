import { generatedApi, type AdminDiscountView } from '../../api/generated-admin';

export type Discount = AdminDiscountView;

// A discount changes the posters' prices, so their lists refetch with it.
export const discountsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getDiscounts: { providesTags: ['Discount'] },
    createDiscount: { invalidatesTags: ['Discount', 'Poster'] },
    updateDiscount: { invalidatesTags: ['Discount', 'Poster'] },
    deleteDiscount: { invalidatesTags: ['Discount', 'Poster'] },
  },
});

export const { useGetDiscountsQuery, useCreateDiscountMutation, useUpdateDiscountMutation, useDeleteDiscountMutation } = discountsApi;
