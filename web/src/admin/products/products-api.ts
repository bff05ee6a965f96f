import type { AddOnPage, ListedAddOnView, ProductDto } from '../../api/generated';
import { api } from '../../lib/api';

export type AddOnProduct = ListedAddOnView;
export type ProductSave = ProductDto;

export const PRODUCTS_PAGE_SIZE = 20;

/** Multipart: a JSON part named data and an optional file part (spec section 7). */
function productForm(data: ProductSave, file: File | null): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (file) form.append('file', file, file.name);
  return form;
}

export const adminProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest first. */
    getAdminProducts: build.query<AddOnPage, number>({
      query: (page) => ({ url: 'products', params: { page, size: PRODUCTS_PAGE_SIZE } }),
      providesTags: ['Product'],
    }),
    createProduct: build.mutation<unknown, { data: ProductSave; file: File | null }>({
      query: ({ data, file }) => ({ url: 'products', method: 'POST', body: productForm(data, file) }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
    updateProduct: build.mutation<unknown, { id: string; data: ProductSave; file: File | null }>({
      query: ({ id, data, file }) => ({ url: `products/${id}`, method: 'PUT', body: productForm(data, file) }),
      invalidatesTags: ['Product'],
    }),
    deleteProduct: build.mutation<unknown, string>({
      query: (id) => ({ url: `products/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Product', 'Dashboard'],
    }),
  }),
});

export const { useGetAdminProductsQuery, useCreateProductMutation, useUpdateProductMutation, useDeleteProductMutation } = adminProductsApi;
