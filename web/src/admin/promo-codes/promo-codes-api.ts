import { generatedApi, type PromoCodeView } from '../../api/generated-admin';

export type PromoCode = PromoCodeView;

export const promoCodesApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getPromoCodes: { providesTags: ['Promo'] },
    createPromoCode: { invalidatesTags: ['Promo'] },
    updatePromoCode: { invalidatesTags: ['Promo'] },
    deletePromoCode: { invalidatesTags: ['Promo'] },
  },
});

export const { useGetPromoCodesQuery, useCreatePromoCodeMutation, useUpdatePromoCodeMutation, useDeletePromoCodeMutation } = promoCodesApi;
