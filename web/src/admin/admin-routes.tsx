import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../app/page-spinner';
import { can } from '../../../libs/domain/src/admin/staff-permissions';
import { sessionStaffRole } from './auth/admin-session';
import { RequireAdmin } from './auth/require-admin';
import { RequirePermission } from './auth/require-permission';
import { AdminLayout } from './layout/admin-layout';
import { ADMIN_NAV, homeFor } from './layout/admin-nav';
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
  ['order-screening', named(() => import('./order-screening/order-screening-page'), 'OrderScreeningPage')],
  // Couriers, their files and the cash they owe.
  ['couriers', named(() => import('./couriers/couriers-page'), 'CouriersPage')],
  // Messages to customers: what was sent, held or failed, with a retry.
  ['messages', named(() => import('./messages/messages-page'), 'MessagesPage')],
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
  ['staff', named(() => import('./staff/staff-page'), 'StaffPage')],
  ['staff-activity', named(() => import('./staff-activity/staff-activity-page'), 'StaffActivityPage')],
  ['password', named(() => import('./auth/change-password-page'), 'ChangePasswordPage')],
  ['two-factor', named(() => import('./auth/two-factor-page'), 'TwoFactorPage')],
  ['sessions', named(() => import('./sessions/sessions-page'), 'SessionsPage')],
];

/**
 * Each page needs what its sidebar link needs (a page under a link, such as one order, what that
 * link needs): one list, so a page is never shown a role its link is hidden from.
 */
function permissionOf(path: string | null) {
  const to = path === null ? '/admin' : `/admin/${path.split('/')[0]}`;
  const item = ADMIN_NAV.find((link) => link.to === to);
  if (!item) throw new Error(`${to} has no sidebar link naming its permission`);
  return item.permission;
}

/** /admin is the dashboard for those who may see it; everyone else lands on their first page. */
function AdminIndex({ children }: { children: ReactElement }) {
  const role = sessionStaffRole();
  return role && !can(role, permissionOf(null)) ? <Navigate to={homeFor(role)} replace /> : children;
}

export function AdminApp() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          {pages.map(([path, Page]) => {
            const element = (
              <RequirePermission permission={permissionOf(path)}>
                <Suspense fallback={<PageSpinner />}>
                  <Page />
                </Suspense>
              </RequirePermission>
            );
            return path === null ? <Route key="index" index element={<AdminIndex>{element}</AdminIndex>} /> : <Route key={path} path={path} element={element} />;
          })}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}

export const LoginPage = LoginPageComponent;
