import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../app/page-spinner';
import { RequireAdmin } from './auth/require-admin';
import { AdminLayout } from './layout/admin-layout';
import LoginPageComponent from './auth/login-page';

// Mounted by src/app/router.tsx at /admin/* (AdminApp) and /login (LoginPage). Each admin page is
// its own chunk, so /login stays small and the storefront never loads any of this.

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const pages: [path: string | null, Page: LazyExoticComponent<ComponentType>][] = [
  [null, named(() => import('./dashboard/dashboard-page'), 'DashboardPage')],
  ['posters', named(() => import('./posters/posters-page'), 'PostersPage')],
  ['products', named(() => import('./products/products-page'), 'ProductsPage')],
  ['orders', named(() => import('./orders/orders-page'), 'OrdersPage')],
  // One order at its own address, so a reload or a pasted link opens it again.
  ['orders/:orderNumber', named(() => import('./orders/order-page'), 'OrderPage')],
  // The call-to-confirm queue for cash-on-delivery orders.
  ['call-queue', named(() => import('./call-queue/call-queue-page'), 'CallQueuePage')],
  ['pricing', named(() => import('./pricing/pricing-page'), 'PricingPage')],
  ['discounts', named(() => import('./discounts/discounts-page'), 'DiscountsPage')],
  ['promo-codes', named(() => import('./promo-codes/promo-codes-page'), 'PromoCodesPage')],
  ['customers', named(() => import('./customers/customers-page'), 'CustomersPage')],
  ['newsletter', named(() => import('./newsletter/newsletter-page'), 'NewsletterPage')],
  ['announcement', named(() => import('./announcement/announcement-page'), 'AnnouncementPage')],
  ['gallery', named(() => import('./gallery/gallery-page'), 'GalleryPage')],
  ['events', named(() => import('./events/events-page'), 'EventsPage')],
  ['projections', named(() => import('./projections/projections-page'), 'ProjectionsPage')],
  ['jobs', named(() => import('./jobs/jobs-page'), 'JobsPage')],
  ['funnel', named(() => import('./funnel/funnel-page'), 'FunnelPage')],
];

export function AdminApp() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          {pages.map(([path, Page]) => {
            const element = (
              <Suspense fallback={<PageSpinner />}>
                <Page />
              </Suspense>
            );
            return path === null ? <Route key="index" index element={element} /> : <Route key={path} path={path} element={element} />;
          })}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}

export const LoginPage = LoginPageComponent;
