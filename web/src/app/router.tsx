import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import type { PageHandle, PageKind } from '../seo/page-kind';
import { StorefrontRoot } from './storefront-root';
import { RouteError } from './route-error';
import { PageSpinner } from './page-spinner';
import { lazyPage } from './lazy-page';

const page = (kind: PageKind): PageHandle => ({ page: kind });

// Every page is its own chunk (route-level code splitting): the home route loads only what it
// shows, and the back-office (src/admin, owned by the admin engineer) never enters the storefront bundle.
// The storefront is rendered on the server too (src/entry-server.tsx); each page's `handle` names
// it for the server's data prefetch and the <head>. Arabic pages are the same routes under the
// router basename /ar (src/seo/locale-path.ts), so every link stays in the visitor's language.
export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: StorefrontRoot,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, handle: page('home'), lazy: lazyPage(() => import('../features/home/pages/home-page'), (m) => m.HomePage) },
        { path: 'shop', handle: page('shop'), lazy: lazyPage(() => import('../features/shop/pages/shop-page'), (m) => m.ShopPage) },
        { path: 'custom', handle: page('custom'), lazy: lazyPage(() => import('../features/custom/pages/custom-page'), (m) => m.CustomPage) },
        { path: 'posters/:id', handle: page('poster'), lazy: lazyPage(() => import('../features/poster/pages/poster-page'), (m) => m.PosterPage) },
        { path: 'checkout', handle: page('checkout'), lazy: lazyPage(() => import('../features/checkout/pages/checkout-page'), (m) => m.CheckoutPage) },
        {
          path: 'order-confirmation',
          handle: page('confirmation'),
          lazy: lazyPage(() => import('../features/checkout/pages/order-confirmation-page'), (m) => m.OrderConfirmationPage),
        },
        {
          path: 'order-confirmation/:orderNumber',
          handle: page('confirmation'),
          lazy: lazyPage(() => import('../features/checkout/pages/order-confirmation-page'), (m) => m.OrderConfirmationPage),
        },
        { path: 'track', handle: page('track'), lazy: lazyPage(() => import('../features/track/pages/track-page'), (m) => m.TrackPage) },
        { path: 'about', handle: page('about'), lazy: lazyPage(() => import('../features/static-pages/pages/about-page'), (m) => m.AboutPage) },
        { path: 'contact', handle: page('contact'), lazy: lazyPage(() => import('../features/static-pages/pages/contact-page'), (m) => m.ContactPage) },
        { path: 'refund-policy', handle: page('refund'), lazy: lazyPage(() => import('../features/static-pages/pages/refund-policy-page'), (m) => m.RefundPolicyPage) },
        { path: 'privacy-policy', handle: page('privacy'), lazy: lazyPage(() => import('../features/static-pages/pages/privacy-policy-page'), (m) => m.PrivacyPolicyPage) },
        { path: 'terms', handle: page('terms'), lazy: lazyPage(() => import('../features/static-pages/pages/terms-page'), (m) => m.TermsPage) },
        { path: 'shipping-policy', handle: page('shipping'), lazy: lazyPage(() => import('../features/static-pages/pages/shipping-policy-page'), (m) => m.ShippingPolicyPage) },
        { path: '*', handle: page('notFound'), lazy: lazyPage(() => import('../features/not-found/pages/not-found-page'), (m) => m.NotFoundPage) },
      ],
    },
    // Back-office: owned by the admin engineer, a client-only app (never rendered on the server).
    // admin-routes.tsx exports AdminApp (mounted at /admin/*, free to declare its own <Routes>) and LoginPage.
    {
      path: '/admin/*',
      hydrateFallbackElement: <PageSpinner />,
      lazy: lazyPage(() => import('../admin/admin-routes'), (m) => m.AdminApp),
    },
    {
      path: '/login',
      hydrateFallbackElement: <PageSpinner />,
      lazy: lazyPage(() => import('../admin/admin-routes'), (m) => m.LoginPage),
    },
  ];
}

export function createAppRouter(routes: RouteObject[], options: Parameters<typeof createBrowserRouter>[1] = {}) {
  const router = createBrowserRouter(routes, options);
  registerNavigate((to, opts) => void router.navigate(to, opts));
  return router;
}
