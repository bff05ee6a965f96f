import type { CustomerPage, CustomerView } from '../../api/generated';
import { api } from '../../lib/api';

export type Customer = CustomerView;

export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomers: build.query<Customer[], void>({
      query: () => ({ url: 'admin/customers', params: { page: 1, size: 1000 } }),
      transformResponse: (page: CustomerPage) => page.data,
      providesTags: ['Customer'],
    }),
  }),
});

export const { useGetCustomersQuery } = customersApi;
