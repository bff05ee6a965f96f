import { announcementProjection } from './announcement.projection.js';
import { bestsellersProjection } from './bestsellers.projection.js';
import { cartFunnelProjection } from './cart-funnel.projection.js';
import { categoriesProjection } from './categories.projection.js';
import { checkoutCompletionReactor } from './checkout-completion.reactor.js';
import { codOutcomesProjection } from './cod-outcomes.projection.js';
import { couriersProjection } from './couriers.projection.js';
import { customPricingProjection } from './custom-pricing.projection.js';
import { customersProjection } from './customers.projection.js';
import { customerMessagesReactor } from './customer-messages.reactor.js';
import { dashboardProjection } from './dashboard.projection.js';
import { discountsProjection } from './discounts.projection.js';
import { galleryProjection } from './gallery.projection.js';
import { newsletterProjection } from './newsletter.projection.js';
import { orderHistoryProjection } from './order-history.projection.js';
import { orderScreeningProjection } from './order-screening.projection.js';
import { ordersProjection } from './orders.projection.js';
import { postersProjection } from './posters.projection.js';
import { productsProjection } from './products.projection.js';
import { promoCodesProjection } from './promo-codes.projection.js';
import { staffActivityProjection } from './staff-activity.projection.js';
import { settlementImportsProjection } from './settlement-imports.projection.js';
import { settlementReactor } from './settlement.reactor.js';
import { staffProjection } from './staff.projection.js';

/**
 * Every projection the projector runs, and its reactors (checkout completion, customer messages, settlement): the one place a read model is
 * registered. Its names, tables and entities (projection-names.ts, entities.ts), the projector's
 * runner and the API's health and read-your-writes waits all derive from this list.
 */
export const ALL_PROJECTIONS = [
  postersProjection, categoriesProjection, productsProjection, bestsellersProjection, ordersProjection,
  orderHistoryProjection, customersProjection, newsletterProjection, dashboardProjection, galleryProjection,
  customPricingProjection, promoCodesProjection, discountsProjection, announcementProjection, checkoutCompletionReactor,
  codOutcomesProjection, cartFunnelProjection, staffProjection, staffActivityProjection, couriersProjection,
  orderScreeningProjection, customerMessagesReactor, settlementReactor, settlementImportsProjection,
] as const;
