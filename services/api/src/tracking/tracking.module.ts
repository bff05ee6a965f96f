import { Module } from '@nestjs/common';
import { OrderTrackingController } from './order-tracking.controller.js';
import { TrackOrderHandler } from './track-order.query.js';

/** The shopper's order tracking page: order number + phone → the order's timeline. */
@Module({ controllers: [OrderTrackingController], providers: [TrackOrderHandler] })
export class TrackingModule {}
