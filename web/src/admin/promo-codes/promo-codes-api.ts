import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface PromoCode {
  id: string;
  code: string;
  percentOff: number;
  active: boolean;
  createdAt: string | null;
}

export const promoCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPromoCodes: build.query<PromoCode[], void>({
      query: () => 'admin/promocodes',
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((p) => ({
          id: String(p.id ?? p.code),
          code: String(p.code),
          percentOff: Number(p.percentOff),
          active: Boolean(p.active),
          createdAt: (p.createdAt as string | null) ?? null,
        })),
      providesTags: ['Promo'],
    }),
    createPromoCode: build.mutation<unknown, { code: string; percentOff: number }>({
      query: (body) => ({ url: 'admin/promocodes', method: 'POST', body }),
      invalidatesTags: ['Promo'],
    }),
    updatePromoCode: build.mutation<unknown, { id: string; active?: boolean; percentOff?: number }>({
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
