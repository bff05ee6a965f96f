import type { AdminPosterPage, AdminPosterView } from '../../api/generated';
import { api } from '../../lib/api';
import type { PosterSavePayload } from './poster-form.validation';

/** What the grid and the poster form read of the API's AdminPosterView. */
export type AdminVariant = Pick<AdminPosterView['variants'][number], 'id' | 'size' | 'price'>;
export type AdminPoster = Pick<AdminPosterView, 'id' | 'name' | 'description' | 'category' | 'imageUrl' | 'visible'> & { variants: AdminVariant[] };

/** Multipart when a file goes along (a JSON text field named data and a file part named file: the server accepts one file part only), else JSON. */
function posterBody(payload: Partial<PosterSavePayload> & { visible?: boolean }, file?: File | null) {
  if (!file) return payload;
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  form.append('file', file, file.name);
  return form;
}

export const POSTERS_PAGE_SIZE = 20;

export const postersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the grid, newest first; the server searches name and description. */
    getAdminPosters: build.query<AdminPosterPage, { page: number; search?: string }>({
      query: ({ page, search }) => ({ url: 'admin/posters', params: { page, size: POSTERS_PAGE_SIZE, ...(search ? { search } : {}) } }),
      providesTags: (answer) => [{ type: 'Poster', id: 'ADMIN' }, ...(answer?.data ?? []).map((p) => ({ type: 'Poster' as const, id: p.id }))],
    }),
    getDeletedPosters: build.query<AdminPosterView[], void>({
      query: () => 'admin/posters/deleted',
      providesTags: [{ type: 'Poster', id: 'DELETED' }],
    }),
    getAdminCategories: build.query<string[], void>({
      query: () => 'admin/categories',
      providesTags: ['Category'],
    }),
    createPoster: build.mutation<unknown, { payload: PosterSavePayload; file: File | null }>({
      query: ({ payload, file }) => ({ url: 'admin/posters', method: 'POST', body: posterBody(payload, file) }),
      invalidatesTags: ['Poster', 'Dashboard'],
    }),
    updatePoster: build.mutation<unknown, { id: string; payload: Partial<PosterSavePayload> & { visible?: boolean }; file?: File | null }>({
      query: ({ id, payload, file }) => ({ url: `admin/posters/${id}`, method: 'PUT', body: posterBody(payload, file) }),
      invalidatesTags: ['Poster', 'Dashboard'],
    }),
    deletePoster: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/posters/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Poster', 'Dashboard'],
    }),
    recoverPoster: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/posters/${id}/recover`, method: 'POST' }),
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
