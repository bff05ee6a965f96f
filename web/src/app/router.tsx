import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { StoreLayout } from './store-layout';
import { RouteError } from './route-error';
import { PageSpinner } from './page-spinner';
import { lazyPage } from './lazy-page';

// Every page is its own chunk (route-level code splitting): the home route loads only what it
// shows, and the back-office (src/admin, owned by the admin engineer) never enters the storefront bundle.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: StoreLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: lazyPage(() => import('../features/home/pages/home-page'), (m) => m.HomePage) },
      { path: 'shop', lazy: lazyPage(() => import('../features/shop/pages/shop-page'), (m) => m.ShopPage) },
      { path: 'custom', lazy: lazyPage(() => import('../features/custom/pages/custom-page'), (m) => m.CustomPage) },
      { path: 'posters/:id', lazy: lazyPage(() => import('../features/poster/pages/poster-page'), (m) => m.PosterPage) },
      { path: 'checkout', lazy: lazyPage(() => import('../features/checkout/pages/checkout-page'), (m) => m.CheckoutPage) },
      {
        path: 'order-confirmation',
        lazy: lazyPage(() => import('../features/checkout/pages/order-confirmation-page'), (m) => m.OrderConfirmationPage),
      },
      { path: 'track', lazy: lazyPage(() => import('../features/track/pages/track-page'), (m) => m.TrackPage) },
      { path: 'about', lazy: lazyPage(() => import('../features/static-pages/pages/about-page'), (m) => m.AboutPage) },
      { path: 'contact', lazy: lazyPage(() => import('../features/static-pages/pages/contact-page'), (m) => m.ContactPage) },
      { path: 'refund-policy', lazy: lazyPage(() => import('../features/static-pages/pages/refund-policy-page'), (m) => m.RefundPolicyPage) },
      { path: 'privacy-policy', lazy: lazyPage(() => import('../features/static-pages/pages/privacy-policy-page'), (m) => m.PrivacyPolicyPage) },
      { path: 'terms', lazy: lazyPage(() => import('../features/static-pages/pages/terms-page'), (m) => m.TermsPage) },
      { path: 'shipping-policy', lazy: lazyPage(() => import('../features/static-pages/pages/shipping-policy-page'), (m) => m.ShippingPolicyPage) },
      { path: '*', lazy: lazyPage(() => import('../features/not-found/pages/not-found-page'), (m) => m.NotFoundPage) },
    ],
  },
  // Back-office: owned by the admin engineer. admin-routes.tsx exports AdminApp (mounted at
  // /admin/*, free to declare its own <Routes>) and LoginPage.
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

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, opts) => void router.navigate(to, opts));
  return router;
}
