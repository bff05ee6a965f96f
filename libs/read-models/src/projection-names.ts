/**
 * Projection names (as in projector.checkpoints) and the read-model tables each one writes.
 * The API waits for the projections behind the tables it reads (X-Wait-For-Position).
 */
export const PROJECTION_TABLES = {
  posters: ['posters'],
  categories: ['categories'],
  products: ['products'],
  bestsellers: ['bestsellers'],
  orders: ['orders', 'order_items'],
  'order-history': ['order_history'],
  customers: ['customers'],
  newsletter: ['newsletter_subscribers'],
  dashboard: ['daily_sales'],
  gallery: ['gallery_images'],
  'custom-pricing': ['custom_prices'],
  'promo-codes': ['promo_codes'],
  discounts: ['discounts'],
  announcement: ['announcements'],
  // A reactor (it completes half-done checkouts in the log): a checkpoint, no tables.
  'checkout-completion': [],
} as const;

export type ProjectionName = keyof typeof PROJECTION_TABLES;
export const PROJECTION_NAMES = Object.keys(PROJECTION_TABLES) as ProjectionName[];
