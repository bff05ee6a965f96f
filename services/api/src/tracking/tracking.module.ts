import { Module } from '@nestjs/common';
import { OrderTrackingController } from './order-tracking.controller.js';

/** The shopper's order tracking page: order number + phone → the order's timeline. */
@Module({ controllers: [OrderTrackingController] })
export class TrackingModule {}
