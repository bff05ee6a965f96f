import { Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useAppSelector } from './store';
import { useT } from '../lib/i18n';
import { setArabicDigits } from '../lib/numbers';
import { useGetPublicConfigQuery } from '../features/catalog/catalog-api';
import { AnnouncementBanner } from '../features/layout/components/announcement-banner';
import { SiteHeader } from '../features/layout/components/site-header';
import { PageSpinner } from './page-spinner';
import { lazyPart } from './lazy-part';
import { ReplayEarlyInput } from './replay-early-input';

// The drawer's and the side menu's code load the first time they open, not with the page.
const CartDrawer = lazyPart(() => import('../features/cart/components/cart-drawer').then((m) => m.CartDrawer));
const SideMenu = lazyPart(() => import('../features/layout/components/side-menu').then((m) => m.SideMenu));
// Below the fold: the server's footer stays as sent until its chunk arrives, and hydrates on its own.
const SiteFooter = lazyPart(() => import('../features/layout/components/site-footer').then((m) => m.SiteFooter));

// Once the first page is idle, fetch the chunks a shopper most likely needs next, so moving
// on does not wait for them (they are not part of the first page's JavaScript).
function prefetchLikelyPages() {
  void import('../features/shop/pages/shop-page');
  void import('../features/poster/pages/poster-page');
  void import('../features/cart/components/cart-drawer');
  void import('../features/layout/components/side-menu');
}

export function StoreLayout() {
  // Before any page renders a number: the shop's Arabic digits (the server rendered with them too).
  const digits = useGetPublicConfigQuery().data?.arabicDigits;
  setArabicDigits(digits);
  const t = useT();
  const cartOpen = useAppSelector((s) => s.ui.cartOpen);
  const menuOpen = useAppSelector((s) => s.ui.menuOpen);
  // While the next page's chunk loads the current page stays on screen: show that we are moving.
  const navigating = useNavigation().state === 'loading';
  // Wanted once opened, and kept: rendered only on the client, after hydration, so the server's
  // page (which never shows them open) and the first client render agree.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const handle = idle(() => prefetchLikelyPages());
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, []);
  useEffect(() => {
    if (cartOpen) setDrawerWanted(true);
  }, [cartOpen]);
  useEffect(() => {
    if (menuOpen) setMenuWanted(true);
  }, [menuOpen]);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-[60] focus:m-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('a11y.skip')}
      </a>
      {navigating && <div role="progressbar" aria-label={t('a11y.loadingPage')} className="fixed inset-x-0 top-0 z-[70] h-1 animate-pulse bg-brand-500" />}
      <AnnouncementBanner />
      <SiteHeader />
      {menuWanted && (
        <Suspense fallback={null}>
          <SideMenu />
        </Suspense>
      )}
      {/* Keyed by the digits: a page drawn before the config came is drawn again in the shop's digits. */}
      <main id="main" className="flex-1" key={digits ?? 'arabic-indic'}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <ReplayEarlyInput />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {drawerWanted && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
