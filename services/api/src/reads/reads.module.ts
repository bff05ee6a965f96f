import { MessageReads } from './messages.reads.js';
import { Global, Module } from '@nestjs/common';
import { AnnouncementReads } from './announcement.reads.js';
import { BestsellerReads } from './bestsellers.reads.js';
import { CategoryReads } from './categories.reads.js';
import { CourierReads } from './couriers.reads.js';
import { CustomPriceReads } from './custom-prices.reads.js';
import { CustomerReads } from './customers.reads.js';
import { DashboardReads } from './dashboard.reads.js';
import { DeliveryOutcomeReads } from './delivery-outcomes.reads.js';
import { DiscountReads } from './discounts.reads.js';
import { FunnelReads } from './funnel.reads.js';
import { GalleryReads } from './gallery.reads.js';
import { NewsletterReads } from './newsletter.reads.js';
import { OrderReads } from './orders.reads.js';
import { PaperworkReads } from './paperwork.reads.js';
import { PosterReads } from './posters.reads.js';
import { ProductReads } from './products.reads.js';
import { ProjectionReads } from './projections.reads.js';
import { PromoCodeReads } from './promo-codes.reads.js';
import { BlockedPhoneReads } from './blocked-phones.reads.js';
import { StaffActivityReads } from './staff-activity.reads.js';
import { StaffReads } from './staff.reads.js';

const READS = [
  AnnouncementReads,
  BestsellerReads,
  CategoryReads,
  CourierReads,
  CustomPriceReads,
  CustomerReads,
  DashboardReads,
  DeliveryOutcomeReads,
  DiscountReads,
  FunnelReads,
  MessageReads,
  GalleryReads,
  NewsletterReads,
  OrderReads,
  PaperworkReads,
  PosterReads,
  ProductReads,
  ProjectionReads,
  PromoCodeReads,
  BlockedPhoneReads,
  StaffReads,
  StaffActivityReads,
];

/**
 * The one way the API reads a read model: a read service per read model (its queries and the
 * views they answer), injected by the controllers that show it. Global: a read model is shown by
 * the storefront and the back-office alike.
 */
@Global()
@Module({ providers: READS, exports: READS })
export class ReadsModule {}
