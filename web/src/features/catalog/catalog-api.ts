import type {
  AddOnView,
  AnnouncementView,
  BestsellerView,
  DiscountView,
  GalleryImageView,
  GetCategoriesApiResponse,
  PosterPage,
  PosterView,
  ShopConfigView,
} from '../../api/generated-public';
import { api, isTransient, type RetryPolicy } from '../../lib/api';

// Retry timings of the storefront's reads: a flaky network gets a few quick retries, not a spinner forever.
const POSTERS_RETRY: RetryPolicy = { delays: [500, 500] };
const POSTER_RETRY: RetryPolicy = { delays: [500, 500], retryIf: isTransient };
const CATEGORY_RETRY: RetryPolicy = { delays: [1000, 2000, 3000] };
// Bestsellers: a 500 is reported at once; other failures get up to 2 more tries.
const BESTSELLERS_RETRY: RetryPolicy = {
  delays: [500, 1000],
  retryIf: (e) => e.status !== 500 && (isTransient(e) || e.status === 'PARSING_ERROR'),
};

export const POSTERS_PER_PAGE = 20;

/** The shop's page query; category comes from the URL, so it is any text until the server checks it. */
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
      providesTags: [{ type: 'Poster', id: 'LIST' }],
      extraOptions: { retry: POSTERS_RETRY },
    }),
    getPoster: b.query<PosterView, string>({
      query: (id) => `/public/posters/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Poster', id }],
      extraOptions: { retry: POSTER_RETRY },
    }),
    getFeatured: b.query<PosterView[], void>({
      query: () => '/public/featured',
      providesTags: [{ type: 'Poster', id: 'FEATURED' }],
    }),
    getBestsellers: b.query<BestsellerView[], void>({
      query: () => '/public/posters/bestsellers',
      providesTags: [{ type: 'Poster', id: 'BESTSELLERS' }],
      extraOptions: { retry: BESTSELLERS_RETRY },
    }),
    // With ?categories the same route answers the recommendations: a bare list, the excluded poster left out.
    getRecommendations: b.query<PosterView[], { category: string; exclude: string }>({
      query: ({ category, exclude }) => ({ url: '/public/posters', params: { categories: category, exclude } }),
      providesTags: [{ type: 'Poster', id: 'LIST' }],
    }),
    getCategories: b.query<GetCategoriesApiResponse, void>({
      query: () => '/public/categories',
      providesTags: ['Category'],
      extraOptions: { retry: CATEGORY_RETRY },
    }),
    getPublicDiscounts: b.query<DiscountView[], void>({
      query: () => '/public/discounts',
      providesTags: ['Discount'],
      extraOptions: { retry: CATEGORY_RETRY },
    }),
    getProducts: b.query<AddOnView[], void>({
      query: () => '/public/products',
      providesTags: ['Product'],
      extraOptions: { retry: POSTERS_RETRY },
    }),
    getAnnouncement: b.query<string, void>({
      query: () => '/public/announcement',
      transformResponse: (answer: AnnouncementView) => answer.text ?? '',
      providesTags: ['Announcement'],
    }),
    getGallery: b.query<GalleryImageView[], void>({
      query: () => '/gallery',
      providesTags: ['Gallery'],
    }),
    getPublicConfig: b.query<ShopConfigView, void>({
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
