import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminAnnouncementController } from './content/announcement.controller.js';
import { AdminNewsletterController, PublicNewsletterController } from './content/newsletter.controller.js';
import { AdminPricingController } from './content/pricing.controller.js';
import { AdminCustomersController } from './customers/admin-customers.controller.js';
import { AdminCustomerErasureController } from './customers/erasure/admin-customer-erasure.controller.js';
import { ErasePersonalDataHandler, PreviewErasureHandler } from './customers/erasure/erase-personal-data.handler.js';
import { AdminPersonalDataController } from './customers/subject-access/admin-personal-data.controller.js';
import { ExportPersonalDataHandler } from './customers/subject-access/personal-data-export.handler.js';
import { ErasedKeysSweep } from './customers/erasure/erased-keys-sweep.js';
import { HeldErasuresSchedule } from './customers/erasure/held-erasures.schedule.js';
import { AdminCouriersController } from './couriers/admin-couriers.controller.js';
import { ImportSettlementHandler } from './couriers/import-settlement.handler.js';
import { OrderReturnsController } from './orders/order-returns.controller.js';
import { RecordRefundHandler, ReturnOrderHandler } from './orders/order-return.handler.js';
import { AdminDashboardController } from './dashboard/admin-dashboard.controller.js';
import { AdminDeliveryStatsController } from './dashboard/delivery-stats.controller.js';
import { AdminDiscountsController } from './discounts/admin-discounts.controller.js';
import { AdminEventsController } from './events/admin-events.controller.js';
import { EVENT_LOG_QUERY, type EventLogQuery } from './events/event-log.query.js';
import { EventLogQueryLifecycle, eventLogQueryProvider } from './events/event-log.provider.js';
import { AdminFunnelController } from './funnel/admin-funnel.controller.js';
import { AdminLiveController } from './live/admin-live.controller.js';
import { LiveFeed } from './live/live-feed.js';
import { AdminExportsController } from './exports/admin-exports.controller.js';
import { EXPORT_JOB, exportProcessor } from './exports/export-jobs.js';
import { EXPORTS_DIR, exportsDirProvider } from './exports/exports-dir.js';
import { AdminMessagesController } from './messages/admin-messages.controller.js';
import { RetryMessageHandler } from './messages/retry-message.command.js';
import { MessageTemplatesController } from './messages/message-templates.controller.js';
import { AdminOrdersController } from './orders/admin-orders.controller.js';
import { AdminOrderScreeningController } from './order-screening/admin-order-screening.controller.js';
import { PaperworkController } from './paperwork/paperwork.controller.js';
import { OrderReads } from '../reads/orders.reads.js';
import { ChangeOrderStatusHandler } from './orders/order-status.handler.js';
import { CorrectCustomerHandler } from './orders/correct-customer.handler.js';
import { EditOrderHandler } from './orders/edit-order.handler.js';
import { AddOrderNoteHandler } from './orders/add-order-note.handler.js';
import { CatalogueAtPlacing } from './orders/catalogue-at-placing.js';
import { SubscribeToNewsletterHandler, UnsubscribeFromNewsletterHandler } from './content/newsletter-commands.js';
import { AdminPostersController } from './posters/admin-posters.controller.js';
import { AdminProductsController } from './products/admin-products.controller.js';
import { AdminProjectionsController } from './projections/admin-projections.controller.js';
import { RequestProjectionRebuildHandler, RetryProjectionHandler } from './projections/projection-commands.js';
import { AdminPromoCodesController } from './promo-codes/admin-promo-codes.controller.js';
import { StaffActivityController } from './staff-activity/staff-activity.controller.js';
import { StaffController } from './staff/staff.controller.js';

/**
 * Back-office endpoints. Every controller here is @AdminOnly('<permission>') (a staff role holding it), except
 * the public newsletter subscription and GET /api/products.
 */
@Module({
  imports: [UploadsModule],
  controllers: [
    AdminPostersController,
    AdminOrdersController,
    AdminOrderScreeningController,
    PaperworkController,
    AdminPromoCodesController,
    AdminDiscountsController,
    AdminCustomersController,
    AdminCustomerErasureController,
    AdminPersonalDataController,
    AdminNewsletterController,
    PublicNewsletterController,
    AdminAnnouncementController,
    AdminPricingController,
    AdminDashboardController,
    AdminDeliveryStatsController,
    AdminProductsController,
    AdminEventsController,
    AdminProjectionsController,
    AdminExportsController,
    AdminFunnelController,
    AdminLiveController,
    StaffController,
    StaffActivityController,
    AdminCouriersController,
    OrderReturnsController,
    AdminMessagesController,
    MessageTemplatesController,
  ],
  providers: [
    ChangeOrderStatusHandler,
    CorrectCustomerHandler,
    EditOrderHandler,
    AddOrderNoteHandler,
    CatalogueAtPlacing,
    ImportSettlementHandler,
    ReturnOrderHandler,
    RecordRefundHandler,
    ErasePersonalDataHandler,
    PreviewErasureHandler,
    ErasedKeysSweep,
    HeldErasuresSchedule,
    ExportPersonalDataHandler,
    RetryProjectionHandler,
    RetryMessageHandler,
    RequestProjectionRebuildHandler,
    SubscribeToNewsletterHandler,
    UnsubscribeFromNewsletterHandler,
    eventLogQueryProvider,
    EventLogQueryLifecycle,
    exportsDirProvider,
    LiveFeed,
  ],
})
export class AdminModule implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EXPORTS_DIR) private readonly exportsDir: string,
    @Inject(EVENT_LOG_QUERY) private readonly eventLog: EventLogQuery,
    private readonly orders: OrderReads,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.register(EXPORT_JOB, exportProcessor({ exportsDir: this.exportsDir, orders: this.orders, dataSource: this.dataSource, eventLog: this.eventLog }));
  }
}
