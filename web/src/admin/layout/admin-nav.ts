import { can, type Permission, type StaffRole } from '../../../../libs/domain/src/admin/staff-permissions';

export interface AdminNavItem {
  to: string;
  label: string;
  end?: boolean;
  /** What the page needs, from the same map the server's guard enforces. */
  permission: Permission;
}

// Sidebar links: the shop's pages in their fixed order, then the ops and analyst pages.
export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true, permission: 'dashboard.read' },
  { to: '/admin/posters', label: 'Posters', permission: 'catalogue.manage' },
  { to: '/admin/products', label: 'Products', permission: 'catalogue.manage' },
  { to: '/admin/orders', label: 'Orders', permission: 'orders.read' },
  { to: '/admin/call-queue', label: 'Call Queue', permission: 'orders.confirm' },
  { to: '/admin/order-screening', label: 'Order Screening', permission: 'orderScreening.manage' },
  { to: '/admin/couriers', label: 'Couriers', permission: 'couriers.settle' },
  { to: '/admin/messages', label: 'Messages', permission: 'messages.read' },
  { to: '/admin/funnel', label: 'Funnel', permission: 'analytics.read' },
  { to: '/admin/pricing', label: 'Pricing', permission: 'prices.manage' },
  { to: '/admin/discounts', label: 'Discounts', permission: 'promotions.manage' },
  { to: '/admin/promo-codes', label: 'Promo Codes', permission: 'promotions.manage' },
  { to: '/admin/customers', label: 'Customers', permission: 'customers.read' },
  { to: '/admin/newsletter', label: 'Newsletter', permission: 'customers.read' },
  { to: '/admin/announcement', label: 'Announcement', permission: 'settings.manage' },
  { to: '/admin/gallery', label: 'Gallery', permission: 'settings.manage' },
  { to: '/admin/events', label: 'Event Browser', permission: 'analytics.read' },
  { to: '/admin/projections', label: 'Projections', permission: 'projections.manage' },
  { to: '/admin/jobs', label: 'Jobs', permission: 'exports.run' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff.manage' },
  { to: '/admin/staff-activity', label: 'Staff Activity', permission: 'staff.activity' },
  { to: '/admin/password', label: 'Change Password', permission: 'session.self' },
  { to: '/admin/two-factor', label: 'Two-Factor Sign-In', permission: 'session.self' },
  { to: '/admin/sessions', label: 'Sessions', permission: 'session.self' },
];

/** The one page open while a required second factor is not yet set up. */
export const TWO_FACTOR_SETUP_PATH = '/admin/two-factor';

/** The links a role may follow, in sidebar order; only the set-up while a required second factor is pending. */
export function navFor(role: StaffRole | null, twoFactorPending = false): AdminNavItem[] {
  if (!role) return [];
  if (twoFactorPending) return ADMIN_NAV.filter((item) => item.to === TWO_FACTOR_SETUP_PATH);
  return ADMIN_NAV.filter((item) => can(role, item.permission));
}

/** Where a role lands, and where "back" leads from a page it may not open. */
export function homeFor(role: StaffRole | null): string {
  return navFor(role)[0]?.to ?? '/login';
}
