import { api, isTransient, type RetryPolicy } from '../../lib/api';
import type { Bestseller, Discount, GalleryImage, Pagination, Poster, PosterPage, Product, PublicConfig } from './catalog-types';

// Retry timings from spec sections 8 and 9.
const POSTERS_RETRY: RetryPolicy = { delays: [500, 500] };
const POSTER_RETRY: RetryPolicy = { delays: [500, 500], retryIf: isTransient };
const CATEGORY_RETRY: RetryPolicy = { delays: [1000, 2000, 3000] };
// Bestsellers: a 500 is reported at once; other failures get up to 2 more tries.
const BESTSELLERS_RETRY: RetryPolicy = {
  delays: [500, 1000],
  retryIf: (e) => e.status !== 500 && (isTransient(e) || e.status === 'PARSING_ERROR'),
};

export const POSTERS_PER_PAGE = 20;

function listOf<T>(raw: unknown): T[] {
  if (Array.isArray(raw)) return raw as T[];
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    for (const key of ['items', 'data', 'posters', 'content', 'results']) {
      const v = o[key];
      if (Array.isArray(v)) return v as T[];
      if (v && typeof v === 'object' && Array.isArray((v as { items?: unknown }).items)) return (v as { items: T[] }).items;
    }
  }
  return [];
}

function toPosterPage(raw: unknown, page: number, limit: number): PosterPage {
  const items = listOf<Poster>(raw);
  const o = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Partial<Pagination> & { pagination?: Partial<Pagination> };
  const p = { ...o, ...(o.pagination ?? {}) };
  if (Array.isArray(raw)) {
    // A bare array: page it here so the screen behaves the same.
    const totalItems = items.length;
    const totalPages = Math.max(1, Math.ceil(totalItems / limit));
    const sliced = items.slice((page - 1) * limit, page * limit);
    return {
      items: sliced,
      pagination: { currentPage: page, totalPages, totalItems, itemsPerPage: limit, hasNextPage: page < totalPages, hasPreviousPage: page > 1 },
    };
  }
  const totalItems = p.totalItems ?? items.length;
  const itemsPerPage = p.itemsPerPage ?? limit;
  const totalPages = p.totalPages ?? Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const currentPage = p.currentPage ?? page;
  return {
    items,
    pagination: {
      currentPage,
      totalPages,
      totalItems,
      itemsPerPage,
      hasNextPage: p.hasNextPage ?? currentPage < totalPages,
      hasPreviousPage: p.hasPreviousPage ?? currentPage > 1,
    },
  };
}

export interface PosterQuery {
  page: number;
  search?: string;
  category?: string;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (b) => ({
    getPosters: b.query<PosterPage, PosterQuery>({
      query: ({ page, search, category }) => ({
        url: '/public/posters',
        params: { page, limit: POSTERS_PER_PAGE, ...(search ? { search } : {}), ...(category ? { category } : {}) },
      }),
      transformResponse: (raw: unknown, _meta, arg) => toPosterPage(raw, arg.page, POSTERS_PER_PAGE),
      providesTags: [{ type: 'Poster', id: 'LIST' }],
      extraOptions: { retry: POSTERS_RETRY },
    }),
    getPoster: b.query<Poster, string>({
      query: (id) => `/public/posters/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Poster', id }],
      extraOptions: { retry: POSTER_RETRY },
    }),
    getFeatured: b.query<Poster[], void>({
      query: () => '/public/featured',
      transformResponse: (raw: unknown) => listOf<Poster>(raw).slice(0, 6),
      providesTags: [{ type: 'Poster', id: 'FEATURED' }],
    }),
    getBestsellers: b.query<{ poster: Poster; totalOrdered: number }[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const list = await baseQuery('/public/posters/bestsellers');
        if (list.error) return { error: list.error };
        const entries = listOf<Bestseller & Partial<Poster>>(list.data);
        const details = await Promise.all(
          entries.map(async (e) => {
            if (e.name && Array.isArray(e.variants)) return { poster: { ...(e as Poster), id: e.id ?? e.posterId }, totalOrdered: e.totalOrdered };
            // Each detail call gets the same up-to-2 retries; a poster that still fails is left out.
            const r = await baseQuery(`/public/posters/${encodeURIComponent(String(e.posterId))}`);
            return r.data ? { poster: r.data as Poster, totalOrdered: e.totalOrdered } : null;
          }),
        );
        return { data: details.filter((d): d is { poster: Poster; totalOrdered: number } => d !== null) };
      },
      providesTags: [{ type: 'Poster', id: 'BESTSELLERS' }],
      extraOptions: { retry: BESTSELLERS_RETRY },
    }),
    getRecommendations: b.query<Poster[], { category: string; exclude: string }>({
      query: ({ category, exclude }) => ({ url: '/public/posters', params: { categories: category, exclude } }),
      transformResponse: (raw: unknown, _m, arg) => listOf<Poster>(raw).filter((p) => p.id !== arg.exclude).slice(0, 4),
      providesTags: [{ type: 'Poster', id: 'LIST' }],
    }),
    getCategories: b.query<string[], void>({
      query: () => '/public/categories',
      transformResponse: (raw: unknown) => listOf<string>(raw).filter((c) => typeof c === 'string'),
      providesTags: ['Category'],
      extraOptions: { retry: CATEGORY_RETRY },
    }),
    getPublicDiscounts: b.query<Discount[], void>({
      query: () => '/public/discounts',
      transformResponse: (raw: unknown) => listOf<Discount>(raw),
      providesTags: ['Discount'],
      extraOptions: { retry: CATEGORY_RETRY },
    }),
    getProducts: b.query<Product[], void>({
      query: () => '/public/products',
      transformResponse: (raw: unknown) => listOf<Product>(raw),
      providesTags: ['Product'],
      extraOptions: { retry: POSTERS_RETRY },
    }),
    getAnnouncement: b.query<string, void>({
      query: () => ({ url: '/public/announcement', responseHandler: 'content-type' }),
      transformResponse: (raw: unknown) => {
        if (typeof raw === 'string') return raw;
        if (raw && typeof raw === 'object') return String((raw as { text?: unknown }).text ?? '');
        return '';
      },
      providesTags: ['Announcement'],
    }),
    getGallery: b.query<GalleryImage[], void>({
      query: () => '/gallery',
      transformResponse: (raw: unknown) => listOf<GalleryImage>(raw),
      providesTags: ['Gallery'],
    }),
    getPublicConfig: b.query<PublicConfig, void>({
      query: () => '/public/config',
      providesTags: ['Config'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetPostersQuery,
  useGetPosterQuery,
  useGetFeaturedQuery,
  useGetBestsellersQuery,
  useGetRecommendationsQuery,
  useGetCategoriesQuery,
  useGetPublicDiscountsQuery,
  useGetProductsQuery,
  useGetAnnouncementQuery,
  useGetGalleryQuery,
  useGetPublicConfigQuery,
} = catalogApi;
