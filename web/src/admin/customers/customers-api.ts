import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  addressLine: string;
  building: string;
  apartment: string;
  city: string;
  governorate: string;
  createdAt: string | null;
}

export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomers: build.query<Customer[], void>({
      query: () => ({ url: 'admin/customers', params: { page: 1, size: 1000 } }),
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((c) => ({
          id: String(c.id ?? c.phone),
          firstName: String(c.firstName ?? ''),
          lastName: String(c.lastName ?? ''),
          email: (c.email as string | null) || null,
          phone: String(c.phone ?? ''),
          addressLine: String(c.addressLine ?? ''),
          building: String(c.building ?? ''),
          apartment: String(c.apartment ?? ''),
          city: String(c.city ?? ''),
          governorate: String(c.governorate ?? ''),
          createdAt: (c.createdAt as string | null) ?? null,
        })),
      providesTags: ['Customer'],
    }),
  }),
});

export const { useGetCustomersQuery } = customersApi;
