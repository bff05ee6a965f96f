import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useParams } from 'react-router';
import { useStore } from 'react-redux';
import { useAppSelector, type RootState } from '../app/store';
import { headHtml } from './head-html';
import { buildPageHead } from './page-head';
import { pageKindOf } from './page-kind';

/**
 * Keeps <head> in step on client-side navigation. The server wrote the first page's head; after
 * that, moving to another page (or a poster's data arriving) replaces the tags the server marked.
 */
export function HeadSync() {
  const store = useStore<RootState>();
  const matches = useMatches();
  const params = useParams();
  const location = useLocation();
  const queries = useAppSelector((s) => s.api.queries);
  const locale = useAppSelector((s) => s.ui.locale);
  const first = useRef(true);
  useEffect(() => {
    // The server-rendered head is already right for the page the visitor landed on.
    if (first.current) {
      first.current = false;
      return;
    }
    const head = buildPageHead({
      page: pageKindOf(matches),
      locale,
      origin: window.location.origin,
      path: location.pathname,
      search: location.search,
      params,
      state: store.getState(),
    });
    document.title = head.title;
    document.head.querySelectorAll('[data-head]').forEach((el) => el.remove());
    document.head.insertAdjacentHTML('beforeend', headHtml(head).replace(/^<title>.*?<\/title>/, ''));
  }, [location.pathname, location.search, queries, locale, matches, params, store]);
  return null;
}
