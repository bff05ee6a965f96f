import { generatedApi, type BlockedPhoneView, type OrderScreeningSettingsView } from '../../api/generated-admin';

export type BlockedPhone = BlockedPhoneView;
export type ScreeningSettings = OrderScreeningSettingsView;

// A new setting changes what the call queue flags ("needs review"): refresh it too.
export const orderScreeningApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['Screening'],
  endpoints: {
    getOrderScreeningSettings: { providesTags: ['Screening'] },
    changeOrderScreeningSettings: { invalidatesTags: ['Screening', 'CallQueue', { type: 'Order', id: 'LIST' }] },
    getBlockedPhones: { providesTags: ['Screening'] },
    blockPhone: { invalidatesTags: ['Screening'] },
    unblockPhone: { invalidatesTags: ['Screening'] },
  },
});

export const { useGetOrderScreeningSettingsQuery, useChangeOrderScreeningSettingsMutation, useGetBlockedPhonesQuery, useBlockPhoneMutation, useUnblockPhoneMutation } =
  orderScreeningApi;
