import { generatedApi, type CustomerView } from '../../api/generated-admin';

export type Customer = CustomerView;

export const customersApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getCustomers: { providesTags: ['Customer'] },
  },
});

export const { useGetCustomersQuery } = customersApi;
