import { api } from '../../lib/api';
import { unwrapList } from '../shared/unwrap-list';
import type { PosterSavePayload } from './poster-form.validation';

export interface AdminVariant {
  id: string;
  size: string;
  price: number;
}

export interface AdminPoster {
  id: string;
  name: string;
  description: string;
  category: string;
  imageUrl: string | null;
  visible: boolean;
  variants: AdminVariant[];
}

type Raw = Record<string, unknown>;

function normalizePoster(raw: Raw): AdminPoster {
  const variants = Array.isArray(raw.variants) ? (raw.variants as Raw[]) : [];
  return {
    id: String(raw.id ?? raw.posterId ?? ''),
    name: String(raw.name ?? ''),
    description: String(raw.description ?? ''),
    category: String(raw.category ?? ''),
    imageUrl: (raw.imageUrl as string | null) ?? null,
    visible: raw.visible !== false && raw.isActive !== false,
    variants: variants.map((v) => ({ id: String(v.id ?? v.variantId ?? v.size), size: String(v.size), price: Number(v.price) })),
  };
}

/** Multipart when a file goes along (a JSON text field named data and a file part named file: the server accepts one file part only), else JSON. */
function posterBody(payload: Partial<PosterSavePayload> & { visible?: boolean }, file?: File | null) {
  if (!file) return payload;
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  form.append('file', file, file.name);
  return form;
}

export const postersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminPosters: build.query<AdminPoster[], void>({
      query: () => ({ url: 'admin/posters', params: { page: 1, limit: 1000 } }),
      transformResponse: (answer: unknown) => unwrapList<Raw>(answer).map(normalizePoster),
      providesTags: (posters = []) => [{ type: 'Poster', id: 'ADMIN' }, ...posters.map((p) => ({ type: 'Poster' as const, id: p.id }))],
    }),
    getDeletedPosters: build.query<AdminPoster[], void>({
      query: () => 'admin/posters/deleted',
      transformResponse: (answer: unknown) => unwrapList<Raw>(answer).map(normalizePoster),
      providesTags: [{ type: 'Poster', id: 'DELETED' }],
    }),
    getAdminCategories: build.query<string[], void>({
      query: () => 'admin/categories',
      transformResponse: (answer: unknown) => unwrapList<unknown>(answer).map(String),
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
