import { generatedApi, type AdminPosterView } from '../../api/generated-admin';
import type { PosterSavePayload } from './poster-form.validation';

/** What the grid and the poster form read of the API's AdminPosterView. */
export type AdminVariant = Pick<AdminPosterView['variants'][number], 'id' | 'size' | 'price'>;
export type AdminPoster = Pick<AdminPosterView, 'id' | 'name' | 'description' | 'nameAr' | 'descriptionAr' | 'category' | 'imageUrl' | 'visible'> & { variants: AdminVariant[] };

/** Multipart when a file goes along (a JSON text field named data and a file part named file: the server accepts one file part only), else JSON. */
function posterBody(payload: Partial<PosterSavePayload> & { visible?: boolean }, file?: File | null) {
  if (!file) return payload;
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  form.append('file', file, file.name);
  return form;
}

// Every poster change moves the dashboard's counts too.
export const postersApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getAdminPosters: {
        providesTags: (answer) => [{ type: 'Poster', id: 'ADMIN' }, ...(answer?.data ?? []).map((p) => ({ type: 'Poster' as const, id: p.id }))],
      },
      getDeletedPosters: { providesTags: [{ type: 'Poster', id: 'DELETED' }] },
      getAdminCategories: { providesTags: ['Category'] },
      deletePoster: { invalidatesTags: ['Poster', 'Dashboard'] },
      recoverPoster: { invalidatesTags: ['Poster', 'Dashboard'] },
    },
  })
  // Saves are multipart when an image goes along, which the generated endpoints (a JSON body) cannot send.
  .injectEndpoints({
    overrideExisting: true,
    endpoints: (build) => ({
      createPoster: build.mutation<unknown, { payload: PosterSavePayload; file: File | null }>({
        query: ({ payload, file }) => ({ url: 'admin/posters', method: 'POST', body: posterBody(payload, file) }),
        invalidatesTags: ['Poster', 'Dashboard'],
      }),
      updatePoster: build.mutation<unknown, { id: string; payload: Partial<PosterSavePayload> & { visible?: boolean }; file?: File | null }>({
        query: ({ id, payload, file }) => ({ url: `admin/posters/${id}`, method: 'PUT', body: posterBody(payload, file) }),
        invalidatesTags: ['Poster', 'Dashboard'],
      }),
    }),
  });

export const {
  useGetAdminPostersQuery,
  useGetDeletedPostersQuery,
  useGetAdminCategoriesQuery,
  useCreatePosterMutation,
  useUpdatePosterMutation,
  useDeletePosterMutation,
  useRecoverPosterMutation,
} = postersApi;
