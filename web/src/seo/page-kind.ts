/** What a storefront route shows, carried as the route's `handle` so the head and the server's prefetch know the page. */
export type PageKind =
  | 'home'
  | 'shop'
  | 'poster'
  | 'custom'
  | 'checkout'
  | 'confirmation'
  | 'track'
  | 'about'
  | 'contact'
  | 'refund'
  | 'privacy'
  | 'terms'
  | 'shipping'
  | 'notFound';

export interface PageHandle {
  page: PageKind;
}

/** The page of the deepest matched route that names one. */
export function pageKindOf(matches: ReadonlyArray<{ handle?: unknown }>): PageKind {
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = (matches[i].handle as PageHandle | undefined)?.page;
    if (page) return page;
  }
  return 'notFound';
}
