import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { StoreLayout } from './store-layout';
import { RouteError } from './route-error';
import { PageSpinner } from './page-spinner';

// Every page is its own chunk (route-level code splitting): the home route loads only what it
// shows, and the back-office (src/admin, owned by the admin engineer) never enters the storefront bundle.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: StoreLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: 'shop', lazy: () => import('../features/shop/pages/shop-page').then((m) => ({ Component: m.ShopPage })) },
      { path: 'custom', lazy: () => import('../features/custom/pages/custom-page').then((m) => ({ Component: m.CustomPage })) },
      { path: 'posters/:id', lazy: () => import('../features/poster/pages/poster-page').then((m) => ({ Component: m.PosterPage })) },
      { path: 'checkout', lazy: () => import('../features/checkout/pages/checkout-page').then((m) => ({ Component: m.CheckoutPage })) },
      {
        path: 'order-confirmation',
        lazy: () => import('../features/checkout/pages/order-confirmation-page').then((m) => ({ Component: m.OrderConfirmationPage })),
      },
      { path: 'about', lazy: () => import('../features/static-pages/pages/about-page').then((m) => ({ Component: m.AboutPage })) },
      { path: 'contact', lazy: () => import('../features/static-pages/pages/contact-page').then((m) => ({ Component: m.ContactPage })) },
      { path: 'refund-policy', lazy: () => import('../features/static-pages/pages/refund-policy-page').then((m) => ({ Component: m.RefundPolicyPage })) },
      { path: 'privacy-policy', lazy: () => import('../features/static-pages/pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })) },
      { path: 'terms', lazy: () => import('../features/static-pages/pages/terms-page').then((m) => ({ Component: m.TermsPage })) },
      { path: 'shipping-policy', lazy: () => import('../features/static-pages/pages/shipping-policy-page').then((m) => ({ Component: m.ShippingPolicyPage })) },
      { path: '*', lazy: () => import('../features/not-found/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
  // Back-office: owned by the admin engineer. admin-routes.tsx exports AdminApp (mounted at
  // /admin/*, free to declare its own <Routes>) and LoginPage.
  {
    path: '/admin/*',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () => import('../admin/admin-routes').then((m) => ({ Component: m.AdminApp })),
  },
  {
    path: '/login',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () => import('../admin/admin-routes').then((m) => ({ Component: m.LoginPage })),
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, opts) => void router.navigate(to, opts));
  return router;
}
