import type { CustomerPage, CustomerView } from '../../api/generated';
import { api } from '../../lib/api';

export type Customer = CustomerView;

export const CUSTOMERS_PAGE_SIZE = 20;

export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest customers first; the server searches name, phone and e-mail. */
    getCustomers: build.query<CustomerPage, { page: number; search?: string }>({
      query: ({ page, search }) => ({ url: 'admin/customers', params: { page, size: CUSTOMERS_PAGE_SIZE, ...(search ? { search } : {}) } }),
      providesTags: ['Customer'],
    }),
  }),
});

export const { useGetCustomersQuery } = customersApi;
