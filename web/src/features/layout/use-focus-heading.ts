import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Long enough for a page to fetch what its heading shows; after that the shopper has moved on. */
const GIVE_UP_MS = 5000;

/**
 * After moving to another page, keyboard and screen-reader users start at its <h1>, as after a
 * full page load, instead of on the link they left. The first page is left alone (the browser
 * already starts at the top), and so are changes of query only (shop filters), where focus
 * belongs to the control the shopper is using. A page still loading its data shows the heading
 * later: it is focused when it appears.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
