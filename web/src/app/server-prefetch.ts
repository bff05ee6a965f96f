import { api } from '../lib/api';
import { catalogApi } from '../features/catalog/catalog-api';
import type { PageKind } from '../seo/page-kind';
import type { AppStore } from './store';

export interface PrefetchInput {
  page: PageKind;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * The reads a page's components make on their first render, fetched on the server so its HTML
 * holds the content and the client finds them in the cache (the same endpoint and argument as
 * the component's hook, or the cache key differs and the client fetches again). The cart is
 * the visitor's own (its id is in their browser) and is left to the client.
 * Answers whether the page's main subject exists (false: a poster id nobody sells → 404).
 */
export async function prefetchPage(store: AppStore, { page, params, search }: PrefetchInput): Promise<boolean> {
  const e = catalogApi.endpoints;
  const opts = { subscribe: false };
  // The shop's config on every page: its Arabic digit system decides how each number is written.
  const reads: Array<Promise<unknown>> = [store.dispatch(e.getAnnouncement.initiate(undefined, opts)).unwrap(), store.dispatch(e.getPublicConfig.initiate(undefined, opts)).unwrap()];
  let found = true;
  if (page === 'home') {
    reads.push(store.dispatch(e.getBestsellers.initiate(undefined, opts)).unwrap(), store.dispatch(e.getFeatured.initiate(undefined, opts)).unwrap());
  } else if (page === 'shop') {
    // As src/features/shop/pages/shop-page.tsx reads its URL.
    const q = search.get('q')?.trim() ?? '';
    const category = search.get('category') ?? '';
    const pageNo = Math.max(1, Number(search.get('page')) || 1);
    reads.push(
      store.dispatch(e.getPosters.initiate({ page: pageNo, search: q || undefined, category: category || undefined }, opts)).unwrap(),
      store.dispatch(e.getCategories.initiate(undefined, opts)).unwrap(),
      store.dispatch(e.getPublicDiscounts.initiate(undefined, opts)).unwrap(),
    );
    if (search.get('tab') === 'addons') reads.push(store.dispatch(e.getProducts.initiate(undefined, opts)).unwrap());
  } else if (page === 'poster' && params.id) {
    const id = params.id;
    // The gallery, and the add-ons for the frame choice.
    reads.push(store.dispatch(e.getGallery.initiate(undefined, opts)).unwrap(), store.dispatch(e.getProducts.initiate(undefined, opts)).unwrap());
    reads.push(
      store.dispatch(e.getPoster.initiate(id, opts))
        .unwrap()
        .then(
          (poster) => {
            const category = poster.category;
            return category ? store.dispatch(e.getRecommendations.initiate({ category, exclude: id }, opts)).unwrap() : undefined;
          },
          (error: { status?: unknown } | undefined) => {
            if (error?.status === 404) found = false;
            throw error;
          },
        ),
    );
  }
  // A read that failed shows its error state, as it would in the browser; the page still renders.
  await Promise.allSettled(reads);
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  return found;
}
