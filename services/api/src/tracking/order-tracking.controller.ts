import { Body, Controller, HttpCode, HttpException, HttpStatus, NotFoundException, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ReadsProjections } from '../common/reads-projections.decorator.js';
import { CourierReads } from '../reads/couriers.reads.js';
import { OrderReads } from '../reads/orders.reads.js';
import { OrderTrackingView } from './order-tracking-response.js';
import { TrackOrderDto } from './track-order.dto.js';
import { defaultTrackingThrottle } from './tracking-throttle.js';

/** One message for every miss, so a guess never learns whether the number or the phone was wrong. */
export const NO_SUCH_ORDER = 'We could not find an order with this order number and phone number.';

@ApiTags('public')
@Controller()
export class OrderTrackingController {
  private readonly throttle = defaultTrackingThrottle();

  constructor(
    private readonly orders: OrderReads,
    private readonly couriers: CourierReads,
  ) {}

  @Post('public/orders/track')
  @HttpCode(200)
  @ReadsProjections('orders', 'order-history', 'couriers')
  @ApiOkResponse({ type: OrderTrackingView })
  @ApiNotFoundResponse({ description: NO_SUCH_ORDER })
  @ApiTooManyRequestsResponse({ description: 'Too many misses from this client; Retry-After says when to try again' })
  async trackOrder(@Body() body: TrackOrderDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OrderTrackingView> {
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const attempt = this.throttle.begin(client);
    if (!attempt.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
      throw new HttpException('Too many attempts. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    }
    let view: OrderTrackingView | undefined;
    try {
      const found = await this.orders.tracking(body.orderNumber, body.phone);
      view = found && { ...found, courierTracking: await this.couriers.trackingLink(found.orderNumber) };
    } catch (error) {
      attempt.settle('refund'); // our failure, not a guess
      throw error;
    }
    attempt.settle(view ? 'success' : 'failure');
    if (!view) throw new NotFoundException(NO_SUCH_ORDER);
    // Personal enough not to sit in a shared cache.
    res.setHeader('Cache-Control', 'private, no-store');
    return view;
  }
}
