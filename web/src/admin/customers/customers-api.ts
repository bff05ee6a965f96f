import { generatedApi, type CustomerView } from '../../api/generated-admin';

export type Customer = CustomerView;

export const CUSTOMERS_PAGE_SIZE = 20;

export const customersApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getCustomers: { providesTags: ['Customer'] },
  },
});

export const { useGetCustomersQuery } = customersApi;
