import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useAppSelector } from './store';
import { AnnouncementBanner } from '../features/layout/components/announcement-banner';
import { SiteHeader } from '../features/layout/components/site-header';
import { SideMenu } from '../features/layout/components/side-menu';
import { SiteFooter } from '../features/layout/components/site-footer';
import { PageSpinner } from './page-spinner';

// The drawer's code loads the first time it opens, not with the home page.
const CartDrawer = lazy(() => import('../features/cart/components/cart-drawer').then((m) => ({ default: m.CartDrawer })));

// Once the first page is idle, fetch the chunks a shopper most likely needs next, so moving
// on does not wait for them (they are not part of the first page's JavaScript).
function prefetchLikelyPages() {
  void import('../features/shop/pages/shop-page');
  void import('../features/poster/pages/poster-page');
  void import('../features/cart/components/cart-drawer');
}

export function StoreLayout() {
  const cartOpen = useAppSelector((s) => s.ui.cartOpen);
  // While the next page's chunk loads the current page stays on screen: show that we are moving.
  const navigating = useNavigation().state === 'loading';
  const [drawerWanted, setDrawerWanted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const handle = idle(() => prefetchLikelyPages());
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, []);
  useEffect(() => {
    if (cartOpen) setDrawerWanted(true);
  }, [cartOpen]);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-[60] focus:m-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      {navigating && <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[70] h-1 animate-pulse bg-brand-500" />}
      <AnnouncementBanner />
      <SiteHeader />
      <SideMenu />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {drawerWanted && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
