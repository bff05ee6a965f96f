import { AnnouncementEntity } from './announcement.entity.js';
import { BestsellerLineStateEntity } from './bestseller-line-state.entity.js';
import { BestsellerEntity } from './bestseller.entity.js';
import { CategoryPosterStateEntity } from './category-poster-state.entity.js';
import { CategoryEntity } from './category.entity.js';
import { CheckpointEntity } from './checkpoint.entity.js';
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
import { RebuildRequestEntity } from './rebuild-request.entity.js';
// h14b: cash-on-delivery operations.
import { CodOrderStateEntity } from './cod-order-state.entity.js';
import { DeliveryOutcomeEntity } from './delivery-outcome.entity.js';
import { PhoneRiskEntity } from './phone-risk.entity.js';

/**
 * The entity list a DataSource needs (the API's TypeOrmModule.forRoot takes the same list): the
 * read models, the projections' private *_state inputs, and the projector's own tables.
 */
export const READ_MODEL_ENTITIES = [
  PosterEntity, CategoryEntity, ProductEntity, BestsellerEntity, OrderEntity, OrderItemEntity, OrderHistoryEntity,
  CustomerEntity, NewsletterSubscriberEntity, DailySalesEntity, OrderCountEntity, CustomerCountEntity, NewsletterSubscriberCountEntity, GovernorateSalesEntity, GalleryImageEntity, CustomPriceEntity,
  PromoCodeEntity, DiscountEntity, AnnouncementEntity,
  PosterDiscountStateEntity, CategoryPosterStateEntity, BestsellerLineStateEntity, DashboardOrderStateEntity,
  CheckpointEntity, RebuildRequestEntity,
  PhoneRiskEntity, DeliveryOutcomeEntity, CodOrderStateEntity,
  // h15b: cart funnel
  FunnelCartEntity,
];
