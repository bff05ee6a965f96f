import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { egpToPiastres, piastresToEgp } from '#domain/shared/money.js';
import { isUuid } from '#domain/shared/uuid-from-name.js';
import { AdminOnly, Requires } from '../../auth/admin-only.decorator.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { staffActorOf, type AdminPrincipal } from '../../auth/admin-token.service.js';
import { OrderReads } from '../../reads/orders.reads.js';
import { OrderReturnView, RefundDto, RefundView, ReturnOrderDto } from './order-return.dto.js';
import { RecordRefundCommand, ReturnOrderCommand } from './order-return.handler.js';

/** A delivered order's returns and refunds (owner and manager). */
@ApiTags('admin: orders')
@AdminOnly('orders.read')
@Controller('admin/orders')
export class OrderReturnsController {
  constructor(
    private readonly queries: OrderReads,
    private readonly commandBus: CommandBus,
  ) {}

  /**
   * Goods of a delivered order came back within the return window, in whole (lines left out) or by
   * lines, with a reason: the order's sales fall by the lines' share of the goods after discounts.
   * More of a line than was sold is a 400 naming lines[i].quantity. The cash handed back for them
   * (refund) is decided with the return: more than was paid is a 400 naming amount, and nothing is recorded.
   */
  @Post(':id/returns')
  @Requires('orders.return')
  @HttpCode(200)
  @ApiOkResponse({ type: OrderReturnView })
  async returnOrder(@Param('id') id: string, @Body() body: ReturnOrderDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderReturnView> {
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    const result = await this.commandBus.execute(
      new ReturnOrderCommand(orderId, body.lines ?? null, body.reason, staffActorOf(admin), body.refund == null ? null : egpToPiastres(body.refund)),
    );
    return {
      id: orderId, orderNumber: result.state.orderNumber, returnId: result.returnId, amount: piastresToEgp(result.amount),
      returnedTotal: piastresToEgp(result.state.returned.amount), refundedTotal: piastresToEgp(result.state.refunded),
    };
  }

  /** Cash handed back to the shopper: the order's collected cash falls by it. More than was paid is a 400 naming amount. */
  @Post(':id/refunds')
  @Requires('orders.return')
  @HttpCode(200)
  @ApiOkResponse({ type: RefundView })
  async recordRefund(@Param('id') id: string, @Body() body: RefundDto, @CurrentAdmin() admin: AdminPrincipal): Promise<RefundView> {
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    const result = await this.commandBus.execute(new RecordRefundCommand(orderId, egpToPiastres(body.amount), body.returnId ?? null, staffActorOf(admin)));
    return { id: orderId, orderNumber: result.state.orderNumber, refundedTotal: piastresToEgp(result.state.refunded) };
  }
}
