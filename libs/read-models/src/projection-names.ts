import { AnnouncementEntity } from './announcement.entity.js';
import { BestsellerLineStateEntity } from './bestseller-line-state.entity.js';
import { BestsellerEntity } from './bestseller.entity.js';
import { CategoryPosterStateEntity } from './category-poster-state.entity.js';
import { CategoryEntity } from './category.entity.js';
import { CustomPriceEntity } from './custom-price.entity.js';
import { CustomerCountEntity } from './customer-count.entity.js';
import { CustomerEntity } from './customer.entity.js';
import { DailySalesEntity } from './daily-sales.entity.js';
import { DashboardOrderStateEntity } from './dashboard-order-state.entity.js';
import { DiscountEntity } from './discount.entity.js';
import { FunnelCartEntity } from './funnel-cart.entity.js';
import { GalleryImageEntity } from './gallery-image.entity.js';
import { NewsletterSubscriberCountEntity } from './newsletter-subscriber-count.entity.js';
import { GovernorateSalesEntity } from './governorate-sales.entity.js';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity.js';
import { OrderCountEntity } from './order-count.entity.js';
import { OrderHistoryEntity } from './order-history.entity.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderEntity } from './order.entity.js';
import { PosterDiscountStateEntity } from './poster-discount-state.entity.js';
import { PosterEntity } from './poster.entity.js';
import { ProductEntity } from './product.entity.js';
import { PromoCodeEntity } from './promo-code.entity.js';
import { tableName } from './table-spec.js';
// h14b: cash-on-delivery operations.
import { CodOrderStateEntity } from './cod-order-state.entity.js';
import { DeliveryOutcomeEntity } from './delivery-outcome.entity.js';
import { PhoneRiskEntity } from './phone-risk.entity.js';

type Tables = { readonly read: readonly (abstract new () => object)[]; readonly state?: readonly (abstract new () => object)[] };

/**
 * Projection names (as in projector.checkpoints) and the tables each one writes: `read`, the
 * tables the API reads, and `state`, the projection's private inputs. The only list of them:
 * the projector rebuilds and time-travels exactly these tables, and the API waits for the
 * projections behind the tables it reads (X-Wait-For-Position).
 */
const PROJECTION_ENTITIES = {
  posters: { read: [PosterEntity], state: [PosterDiscountStateEntity] },
  categories: { read: [CategoryEntity], state: [CategoryPosterStateEntity] },
  products: { read: [ProductEntity] },
  bestsellers: { read: [BestsellerEntity], state: [BestsellerLineStateEntity] },
  orders: { read: [OrderEntity, OrderItemEntity, OrderCountEntity] },
  'order-history': { read: [OrderHistoryEntity] },
  customers: { read: [CustomerEntity, CustomerCountEntity] },
  newsletter: { read: [NewsletterSubscriberEntity, NewsletterSubscriberCountEntity] },
  dashboard: { read: [DailySalesEntity, GovernorateSalesEntity], state: [DashboardOrderStateEntity] },
  gallery: { read: [GalleryImageEntity] },
  'custom-pricing': { read: [CustomPriceEntity] },
  'promo-codes': { read: [PromoCodeEntity] },
  discounts: { read: [DiscountEntity] },
  announcement: { read: [AnnouncementEntity] },
  'cod-outcomes': { read: [PhoneRiskEntity, DeliveryOutcomeEntity], state: [CodOrderStateEntity] },
  // A reactor (it completes half-done checkouts in the log): a checkpoint, no tables.
  'checkout-completion': { read: [] },
  // h15b: the cart funnel
  'cart-funnel': { read: [FunnelCartEntity] },
} as const satisfies Record<string, Tables>;

export type ProjectionName = keyof typeof PROJECTION_ENTITIES;
export const PROJECTION_NAMES = Object.keys(PROJECTION_ENTITIES) as ProjectionName[];

function byName(pick: (t: Tables) => readonly (abstract new () => object)[]): Record<ProjectionName, readonly string[]> {
  const out = {} as Record<ProjectionName, readonly string[]>;
  for (const name of PROJECTION_NAMES) out[name] = pick(PROJECTION_ENTITIES[name]).map(tableName);
  return out;
}

/** The read-model tables each projection writes and the API reads. */
export const PROJECTION_TABLES = byName((t) => t.read);

/** Every table a projection writes, its *_state inputs included: what a rebuild or a time travel copies. */
const ALL_TABLES = byName((t) => [...t.read, ...(t.state ?? [])]);

export function projectionTables(name: ProjectionName): readonly string[] {
  return ALL_TABLES[name];
}
