import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';

export interface AddOnProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  imageUrl: string | null;
}

export interface ProductSave {
  name: string;
  price: number;
  description: string;
  imageUrl: string | null;
}

/** Multipart: a JSON part named data and an optional file part (spec section 7). */
function productForm(data: ProductSave, file: File | null): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (file) form.append('file', file, file.name);
  return form;
}

export const adminProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AddOnProduct[], void>({
      query: () => 'products',
      transformResponse: (answer: unknown) =>
        unwrapList<Record<string, unknown>>(answer).map((p) => ({
          id: String(p.id ?? p.productId),
          name: String(p.name ?? ''),
          description: String(p.description ?? ''),
          price: Number(p.price),
          imageUrl: (p.imageUrl as string | null) ?? null,
        })),
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
