import type { AdminDiscountView, CreateDiscountDto, UpdateDiscountDto } from '../../api/generated';
import { api } from '../../lib/api';

export type Discount = AdminDiscountView;

export const discountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscounts: build.query<AdminDiscountView[], void>({
      query: () => 'admin/discounts',
      providesTags: ['Discount'],
    }),
    createDiscount: build.mutation<unknown, CreateDiscountDto>({
      query: (body) => ({ url: 'admin/discounts', method: 'POST', body }),
      invalidatesTags: ['Discount', 'Poster'],
    }),
    updateDiscount: build.mutation<unknown, UpdateDiscountDto & { id: number }>({
      query: ({ id, ...body }) => ({ url: `admin/discounts/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Discount', 'Poster'],
    }),
    deleteDiscount: build.mutation<unknown, number>({
      query: (id) => ({ url: `admin/discounts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Discount', 'Poster'],
    }),
  }),
});

export const { useGetDiscountsQuery, useCreateDiscountMutation, useUpdateDiscountMutation, useDeleteDiscountMutation } = discountsApi;
