import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminOrdersQueries } from './orders/admin-orders.queries.js';
import { AdminPostersController } from './posters/admin-posters.controller.js';
import { ExecutePosterCommandsHandler } from './posters/poster.handler.js';

/** Back-office endpoints: every controller here is @AdminOnly() except the public newsletter subscription. */
@Module({
  imports: [UploadsModule],
  controllers: [AdminPostersController],
  providers: [ExecutePosterCommandsHandler, AdminOrdersQueries],
})
export class AdminModule {}
