import { generatedApi, type PosterCardView, type PosterPage } from '../../api/generated-public';
import { isTransient, type RetryPolicy } from '../../lib/api';

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

// The storefront's reads, generated from the API's document; tags, retries and cache time here.
export const catalogApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getPoster: { providesTags: (_r, _e, id) => [{ type: 'Poster', id }], extraOptions: { retry: POSTER_RETRY } },
      getFeatured: { providesTags: [{ type: 'Poster', id: 'FEATURED' }] },
      getBestsellers: { providesTags: [{ type: 'Poster', id: 'BESTSELLERS' }], extraOptions: { retry: BESTSELLERS_RETRY } },
      getCategories: { providesTags: ['Category'], extraOptions: { retry: CATEGORY_RETRY } },
      getPublicDiscounts: { providesTags: ['Discount'], extraOptions: { retry: CATEGORY_RETRY } },
      getProducts: { providesTags: ['Product'], extraOptions: { retry: POSTERS_RETRY } },
      getAnnouncement: { providesTags: ['Announcement'] },
      getGallery: { providesTags: ['Gallery'] },
      getPublicConfig: { providesTags: ['Config'], keepUnusedDataFor: 3600 },
    },
  })
  // One route answers two shapes (a page, or with ?categories the recommendations' bare list), and the
  // shop's category comes from the URL as any text: typed here, where the generated union cannot be.
  .injectEndpoints({
    overrideExisting: true,
    endpoints: (b) => ({
      getPosters: b.query<PosterPage, PosterQuery>({
        query: ({ page, search, category }) => ({
          url: '/public/posters',
          params: { page, limit: POSTERS_PER_PAGE, ...(search ? { search } : {}), ...(category ? { category } : {}) },
        }),
        providesTags: [{ type: 'Poster', id: 'LIST' }],
        extraOptions: { retry: POSTERS_RETRY },
      }),
      getRecommendations: b.query<PosterCardView[], { category: string; exclude: string }>({
        query: ({ category, exclude }) => ({ url: '/public/posters', params: { categories: category, exclude } }),
        providesTags: [{ type: 'Poster', id: 'LIST' }],
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
