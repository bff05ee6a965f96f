import type { CreatePromoCodeDto, PromoCodePage, PromoCodeView, UpdatePromoCodeDto } from '../../api/generated';
import { api } from '../../lib/api';

export type PromoCode = PromoCodeView;

export const PROMO_CODES_PAGE_SIZE = 20;

export const promoCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest first. */
    getPromoCodes: build.query<PromoCodePage, number>({
      query: (page) => ({ url: 'admin/promocodes', params: { page, size: PROMO_CODES_PAGE_SIZE } }),
      providesTags: ['Promo'],
    }),
    createPromoCode: build.mutation<unknown, CreatePromoCodeDto>({
      query: (body) => ({ url: 'admin/promocodes', method: 'POST', body }),
      invalidatesTags: ['Promo'],
    }),
    updatePromoCode: build.mutation<unknown, UpdatePromoCodeDto & { id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/promocodes/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Promo'],
    }),
    deletePromoCode: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/promocodes/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Promo'],
    }),
  }),
});

export const { useGetPromoCodesQuery, useCreatePromoCodeMutation, useUpdatePromoCodeMutation, useDeletePromoCodeMutation } = promoCodesApi;
