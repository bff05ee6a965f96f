import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface Discount {
  id: number;
  category: string | null;
  percentage: number;
  active: boolean;
}

export const discountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscounts: build.query<Discount[], void>({
      query: () => 'admin/discounts',
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((d) => ({
          id: Number(d.id ?? d.discountId),
          category: (d.category as string | null) || null,
          percentage: Number(d.percentage),
          active: Boolean(d.active),
        })),
      providesTags: ['Discount'],
    }),
    createDiscount: build.mutation<unknown, Omit<Discount, 'id'>>({
      query: (body) => ({ url: 'admin/discounts', method: 'POST', body }),
      invalidatesTags: ['Discount', 'Poster'],
    }),
    updateDiscount: build.mutation<unknown, { id: number; percentage: number; active: boolean }>({
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
