// Sidebar links: the shop's pages in their fixed order, then the ops and analyst pages.
export const ADMIN_NAV: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/posters', label: 'Posters' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/call-queue', label: 'Call Queue' },
  { to: '/admin/funnel', label: 'Funnel' },
  { to: '/admin/pricing', label: 'Pricing' },
  { to: '/admin/discounts', label: 'Discounts' },
  { to: '/admin/promo-codes', label: 'Promo Codes' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/announcement', label: 'Announcement' },
  { to: '/admin/gallery', label: 'Gallery' },
  { to: '/admin/events', label: 'Event Browser' },
  { to: '/admin/projections', label: 'Projections' },
  { to: '/admin/jobs', label: 'Jobs' },
];
