import { useEffect, useState } from 'react';
import type { PageFields } from './pager';

/** Rows a page of every server-paged admin list (the orders list sets its own). */
export const ADMIN_PAGE_SIZE = 20;

/** How long the search box waits for typing to pause before it asks the server. */
const SEARCH_PAUSE_MS = 300;

/**
 * The state of a server-paged admin list: the page asked for and the search text (typed, and the
 * settled text the server is asked for; `initialSearch` from a link). Back to page 1 whenever the search or `filters` change.
 */
export function usePagedList(filters: unknown = null, initialSearch = '') {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState(initialSearch);
  const [settledSearch, setSettledSearch] = useState(initialSearch);
  useEffect(() => {
    const timer = setTimeout(() => setSettledSearch(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // Page 1 in the very render that sees a new search or new filters (not in an effect after it),
  // so no request ever pairs them with the old page.
  const key = JSON.stringify([settledSearch, filters]);
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setPage(1);
  }
  // What a list endpoint is asked: a blank search is left out of the request.
  const pageQuery = { page, size: ADMIN_PAGE_SIZE, search: settledSearch || undefined };
  return { page, setPage, search, setSearch, settledSearch, pageQuery };
}

/** Onto the last page when the list shrank under the one shown (rows deleted or filtered away). */
export function useLastPageClamp(answer: PageFields | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (answer && answer.totalItems > 0 && answer.currentPage > answer.totalPages) setPage(answer.totalPages);
  }, [answer, setPage]);
}
