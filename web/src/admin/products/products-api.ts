import { generatedApi, type ListedAddOnView, type ProductDto } from '../../api/generated-admin';

export type AddOnProduct = ListedAddOnView;
export type ProductSave = ProductDto;

/** Multipart: a JSON part named data and an optional file part. */
function productForm(data: ProductSave, file: File | null): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (file) form.append('file', file, file.name);
  return form;
}

export const adminProductsApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getAdminProducts: { providesTags: ['Product'] },
      deleteProduct: { invalidatesTags: ['Product', 'Dashboard'] },
    },
  })
  // Saves are multipart (an image may go along), which the generated endpoints (a JSON body) cannot send.
  .injectEndpoints({
    overrideExisting: true,
    endpoints: (build) => ({
      createProduct: build.mutation<unknown, { data: ProductSave; file: File | null }>({
        query: ({ data, file }) => ({ url: 'products', method: 'POST', body: productForm(data, file) }),
        invalidatesTags: ['Product', 'Dashboard'],
      }),
      updateProduct: build.mutation<unknown, { id: string; data: ProductSave; file: File | null }>({
        query: ({ id, data, file }) => ({ url: `products/${id}`, method: 'PUT', body: productForm(data, file) }),
        invalidatesTags: ['Product'],
      }),
    }),
  });

export const { useGetAdminProductsQuery, useCreateProductMutation, useUpdateProductMutation, useDeleteProductMutation } = adminProductsApi;
