import { applyDecorators, BadRequestException, Body, Controller, ForbiddenException, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { can, permissionToMoveOrderTo, type StaffRole } from '#domain/admin/staff-permissions.js';
import { ORDER_SCOPES, seesEveryStatus } from '#domain/admin/order-scope.js';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '#domain/order/events.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/uuid-from-name.js';
import { PAYMENT_METHODS } from '#domain/shop-config.js';
import { AdminOnly, Requires } from '../../auth/admin-only.decorator.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { staffActorOf, type AdminPrincipal } from '../../auth/admin-token.service.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { OrderReads } from '../../reads/orders.reads.js';
import { CSV_BOM, csvRow, fileDate } from '../exports/csv.js';
import { parsePaging } from '../shared/paging.js';
import { readerPermissions, readerRole } from '../shared/reader.js';
import { ORDER_SORTS, parseOrderFilters } from './order-filters.js';
import { AdminOrderPage, AdminOrderView, OrderHistoryView, OrderStatusChangeView, SizeCountView } from './order-response.js';
import { GuardedStatusDto } from './guarded-status.dto.js';
import { OrderStatusDto, STATUS_MESSAGE } from './order-status.dto.js';
import { ChangeOrderStatusCommand } from './order-status.handler.js';
import { CorrectCustomerCommand } from './correct-customer.handler.js';
import { CorrectCustomerDto, CustomerCorrectedView } from './correct-customer.dto.js';
import { ORDER_CSV_COLUMNS, orderCsvRow, OrderExportTotals, orderLineForReader } from './orders-csv.js';
import { writeOrdersXlsx } from './orders-xlsx.js';
import { orderForRole } from './order-view.js';
import { EditOrderCommand, type OrderEditOutcome } from './edit-order.handler.js';
import { AddOrderNoteCommand } from './add-order-note.handler.js';
import { AddOrderNoteDto, EditOrderDto, OrderEditView, OrderNoteAddedView, type OrderVersionView } from './edit-order.dto.js';
import { orderTotalsFields } from '../../common/order-totals-view.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { OrderVersion } from '#domain/order/events.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The list's filters, shared by the list and its CSV export. */
function ApiOrderFilters() {
  return applyDecorators(
    ApiQuery({ name: 'status', required: false, enum: ORDER_STATUSES }),
    ApiQuery({ name: 'dateFrom', required: false, description: 'YYYY-MM-DD (a Cairo day) or an ISO instant' }),
    ApiQuery({ name: 'dateTo', required: false, description: 'YYYY-MM-DD, inclusive to the end of that day, or an ISO instant' }),
    ApiQuery({ name: 'search', required: false, description: 'Order number, name, phone, e-mail' }),
    ApiQuery({ name: 'sort', required: false, enum: Object.keys(ORDER_SORTS) }),
    ApiQuery({ name: 'paymentMethod', required: false, enum: PAYMENT_METHODS }),
    ApiQuery({ name: 'risky', required: false, enum: ['true', 'false'], description: 'Only orders from phones risky for cash on delivery (or only the others)' }),
  );
}

@ApiTags('admin: orders')
@AdminOnly('orders.read')
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly queries: OrderReads,
    private readonly commandBus: CommandBus,
  ) {}

  /** status, dateFrom, dateTo (inclusive to the end of that day), search, sort, page, size. */
  @Get()
  @ReadsProjections('orders', 'cod-outcomes', 'order-screening')
  @ApiOrderFilters()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'size', required: false, type: Number })
  @ApiOkResponse({ type: AdminOrderPage })
  async getAdminOrders(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AdminPrincipal): Promise<AdminOrderPage> {
    const role = readerRole(admin);
    const page = await this.queries.list({ ...parseOrderFilters(query), scope: scopeOf(role) }, parsePaging(query, 20));
    const data = page.data.map((o) => orderForRole(o, role));
    return { ...page, data, orders: data };
  }

  /** Items per size over the orders awaiting shipment (PLACED, CONFIRMED) the same filters select, for 'Count Sizes'. */
  @Get('size-distribution')
  @ReadsProjections('orders')
  @ApiOrderFilters()
  @ApiOkResponse({ type: [SizeCountView] })
  getSizeDistribution(@Query() query: Record<string, unknown>): Promise<SizeCountView[]> {
    return this.queries.sizeDistribution(parseOrderFilters(query));
  }

  /** CSV of the list with the same filters, streamed batch by batch from the read model. */
  @Get('export')
  @Requires('orders.export')
  @ReadsProjections('orders')
  @ApiOrderFilters()
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (orders_{date}.csv)', schema: { type: 'string' } })
  async exportOrders(@Query() query: Record<string, unknown>, @Res() res: Response, @CurrentAdmin() admin: AdminPrincipal) {
    const filters = parseOrderFilters(query);
    const permissions = readerPermissions(admin);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="orders_${fileDate()}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.write(CSV_BOM + csvRow(ORDER_CSV_COLUMNS));
    const totals = new OrderExportTotals();
    for await (const batch of this.queries.batches(filters)) {
      batch.forEach((o) => totals.add(o));
      if (!res.write(batch.map((o) => orderCsvRow(orderLineForReader(o, permissions))).join(''))) await new Promise((r) => res.once('drain', r));
    }
    res.end(totals.csv());
  }

  /** The same export as XLSX (orders_{date}.xlsx): typed cells, a frozen header, totals; streamed. */
  @Get('export.xlsx')
  @Requires('orders.export')
  @ReadsProjections('orders')
  @ApiOrderFilters()
  @ApiProduces(XLSX_TYPE)
  @ApiOkResponse({ description: 'XLSX (orders_{date}.xlsx)', schema: { type: 'string', format: 'binary' } })
  async exportOrdersXlsx(@Query() query: Record<string, unknown>, @Res() res: Response, @CurrentAdmin() admin: AdminPrincipal) {
    const filters = parseOrderFilters(query);
    const permissions = readerPermissions(admin);
    res.setHeader('Content-Type', XLSX_TYPE);
    res.setHeader('Content-Disposition', `attachment; filename="orders_${fileDate()}.xlsx"`);
    res.setHeader('Cache-Control', 'no-store');
    await writeOrdersXlsx(res, this.queries.batches(filters), permissions);
  }

  @Get(':id/history')
  @ReadsProjections('order-history', 'orders')
  @ApiOkResponse({ type: OrderHistoryView })
  getOrderHistory(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderHistoryView> {
    return this.queries.history(id.slice(0, 64), scopeOf(readerRole(admin)));
  }

  @Get(':id')
  @ReadsProjections('orders', 'cod-outcomes', 'order-screening')
  @ApiOkResponse({ type: AdminOrderView })
  async getAdminOrder(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal): Promise<AdminOrderView> {
    const role = readerRole(admin);
    return orderForRole(await this.queries.get(id.slice(0, 64), scopeOf(role)), role);
  }

  @Patch(':id/status')
  @Requires('orders.status')
  @ApiOkResponse({ type: OrderStatusChangeView })
  async updateOrderStatus(@Param('id') id: string, @Query() query: OrderStatusDto, @Body() body: OrderStatusDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderStatusChangeView> {
    const status = body?.status ?? query.status;
    const reason = body?.reason ?? query.reason ?? null;
    if (!status) throw new BadRequestException(STATUS_MESSAGE);
    assertRoleMaySet(admin, status);
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    const expectedRevision = body?.expectedRevision ?? query.expectedRevision;
    const result = await this.commandBus.execute(new ChangeOrderStatusCommand(orderId, status, reason, staffActorOf(admin), expectedRevision));
    return { id: orderId, orderNumber: result.state.orderNumber, status: result.state.status, previousStatus: result.previous, changed: result.changed, revision: result.revision };
  }

  /** Corrects the customer's name, phone or address on this order (one PersonalDataCorrected, shown in the order's trail). */
  @Patch(':id/customer')
  @Requires('orders.confirm')
  @ApiOkResponse({ type: CustomerCorrectedView })
  async correctCustomer(@Param('id') id: string, @Body() body: CorrectCustomerDto, @CurrentAdmin() admin: AdminPrincipal): Promise<CustomerCorrectedView> {
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    const { firstName, lastName, phone, addressLine, building, apartment, city } = body ?? {};
    const result = await this.commandBus.execute(new CorrectCustomerCommand(orderId, { firstName, lastName, phone, addressLine, building, apartment, city }, staffActorOf(admin)));
    return { id: orderId, ...result };
  }

  /**
   * Edits the order before it ships (PLACED or CONFIRMED): the customer's contact, address,
   * governorate and delivery notes, and its lines, re-priced as when it was placed. One OrderEdited,
   * only onto expectedRevision (a change since is a 409, nothing saved); a shipped order is a 409.
   */
  @Post(':id/edits')
  @Requires('orders.edit')
  @HttpCode(200)
  @ApiOkResponse({ type: OrderEditView })
  async editOrder(@Param('id') id: string, @Body() body: EditOrderDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderEditView> {
    return this.runEdit(id, body, admin, false);
  }

  /** The same edit priced by the server, appending nothing: the edit dialog's old and new totals. */
  @Post(':id/edits/preview')
  @Requires('orders.edit')
  @HttpCode(200)
  @ApiOkResponse({ type: OrderEditView })
  async previewOrderEdit(@Param('id') id: string, @Body() body: EditOrderDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderEditView> {
    return this.runEdit(id, body, admin, true);
  }

  /** A note for staff only (never on any public answer); free text, kept encrypted as personal data. */
  @Post(':id/notes')
  @Requires('orders.notes')
  @HttpCode(201)
  @ApiOkResponse({ type: OrderNoteAddedView })
  async addOrderNote(@Param('id') id: string, @Body() body: AddOrderNoteDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderNoteAddedView> {
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    const result = await this.commandBus.execute(new AddOrderNoteCommand(orderId, body?.text, staffActorOf(admin)));
    return { id: orderId, ...result };
  }

  private async runEdit(id: string, body: EditOrderDto, admin: AdminPrincipal, preview: boolean): Promise<OrderEditView> {
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    const { firstName, lastName, phone, addressLine, building, apartment, city, governorate, notes, lines, reason, expectedRevision } = body;
    const customer = Object.fromEntries(Object.entries({ firstName, lastName, phone, addressLine, building, apartment, city, governorate, notes }).filter(([, v]) => v !== undefined));
    const result: OrderEditOutcome = await this.commandBus.execute(new EditOrderCommand(orderId, { customer, lines, reason }, staffActorOf(admin), expectedRevision, preview));
    return { id: orderId, orderNumber: result.orderNumber, fields: result.fields, revision: result.revision, before: versionView(result.before, result.promoCode), after: versionView(result.after, result.promoCode) };
  }

  /**
   * The back-office's status change: the same moves, but cancel and refuse need a reason, and
   * undoing SHIPPED, DELIVERED or REFUSED needs correction: true and a reason (400 naming the field
   * otherwise); a correction shows as one in the audit trail.
   */
  @Post(':id/status-changes')
  @Requires('orders.status')
  @HttpCode(200)
  @ApiOkResponse({ type: OrderStatusChangeView })
  async changeOrderStatusGuarded(@Param('id') id: string, @Body() body: GuardedStatusDto, @CurrentAdmin() admin: AdminPrincipal): Promise<OrderStatusChangeView> {
    assertRoleMaySet(admin, body.status);
    const orderId = isUuid(id) ? id.toLowerCase() : await this.queries.idOfNumber(id);
    if (body.trackingNumber !== undefined && body.courierId === undefined) throw DomainError.validation('COURIER_REQUIRED', 'courierId is required with a tracking number', { courierId: 'is required with a tracking number' });
    const shipment = body.courierId === undefined ? undefined : { courierId: body.courierId, trackingNumber: body.trackingNumber };
    const command = new ChangeOrderStatusCommand(orderId, body.status, body.reason ?? null, staffActorOf(admin), body.expectedRevision, { correction: body.correction === true }, shipment);
    const result = await this.commandBus.execute(command);
    return { id: orderId, orderNumber: result.state.orderNumber, status: result.state.status, previousStatus: result.previous, changed: result.changed, revision: result.revision };
  }
}

/** The statuses a role's lists and pages are limited to, or undefined for a role that sees every order. */
function scopeOf(role: StaffRole): readonly OrderStatus[] | undefined {
  return seesEveryStatus(role) ? undefined : ORDER_SCOPES[role].statuses;
}

function versionView(v: OrderVersion, promoCode: string | null): OrderVersionView {
  return {
    ...orderTotalsFields(v.totals, promoCode),
    governorate: v.customer.governorate,
    items: v.items.map((i) => ({ itemId: i.itemId, name: i.name, size: i.size, quantity: i.quantity, unitPrice: piastresToEgp(i.unitPrice), originalUnitPrice: piastresToEgp(i.originalUnitPrice), lineTotal: piastresToEgp(i.lineTotal) })),
  };
}

/** An unknown status is the command's 400; a known one the role may not set is a 403 here. */
function assertRoleMaySet(admin: AdminPrincipal, status: string): void {
  if (isOrderStatus(status) && !(admin.staffRole && can(admin.staffRole, permissionToMoveOrderTo(status)))) {
    throw new ForbiddenException(`Your role (${admin.staffRole}) may not set an order to ${status}`);
  }
}
