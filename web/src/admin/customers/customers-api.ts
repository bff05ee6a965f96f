import { generatedApi, type CustomerView } from '../../api/generated-admin';

export type Customer = CustomerView;

export const customersApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getCustomers: { providesTags: ['Customer'] },
    previewErasure: { providesTags: ['Customer'] },
    // An erasure changes every list that showed the customer.
    erasePersonalData: { invalidatesTags: ['Customer', 'Order', 'Subscriber', 'Event', 'Dashboard'] },
  },
});

export const { useGetCustomersQuery, usePreviewErasureQuery, useErasePersonalDataMutation } = customersApi;
