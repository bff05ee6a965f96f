import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { RECORDED_STAFF_ROLES, type RecordedStaffRole } from '#domain/admin/staff-actor.js';
import { ORDER_STATUSES, type OrderStatus } from '#domain/order/events.js';
import { ORDER_SCREENING_VIEW_FLAGS, type OrderScreeningViewFlag } from '#domain/order-screening/screening-flags.js';
import { PriceRuleView } from '../../common/price-rule-view.js';
import { PaginationFields } from '../../catalog/poster-response.js';
import { OrderTotalsFields } from '../../common/order-totals-view.js';
import { ShopperContactFields } from '../shared/shopper-contact-view.js';
import { StaffWordingView } from '../shared/staff-wording-view.js';
import { CourierTrackingView } from '../../tracking/order-tracking-response.js';

// The admin's order answers (an order and its items), money in EGP.

export class AdminOrderItemView {
  @ApiProperty() itemId!: string;
  @ApiProperty({ enum: ['poster', 'custom', 'addon'] }) kind!: string;
  @ApiProperty({ type: String, nullable: true }) posterId!: string | null;
  @ApiProperty({ type: String, nullable: true }) productId!: string | null;
  @ApiProperty({ type: String, nullable: true }) variantId!: string | null;
  @ApiProperty({ description: 'The name when ordered' }) posterNameSnapshot!: string;
  @ApiProperty({ description: 'Same as posterNameSnapshot' }) name!: string;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ type: String, nullable: true }) imageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) customImagePath!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'With or without the SIZE_ prefix' }) size!: string | null;
  @ApiProperty() quantity!: number;
  @ApiProperty({ description: 'How many came back after delivery (quantity − this may still be returned)' }) returnedQuantity!: number;
  @ApiProperty() unitPrice!: number;
  @ApiProperty() originalUnitPrice!: number;
  @ApiProperty() discountPercentage!: number;
  @ApiProperty() lineTotal!: number;
  @ApiProperty({ type: () => [PriceRuleView], description: 'Why this price: the rules that priced the line when ordered' }) priceRules!: PriceRuleView[];
}

/** A note staff wrote on the order (staff only: never on a public answer). */
export class OrderStaffNoteView {
  @ApiProperty() noteId!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ description: 'The staff member who wrote it' }) author!: string;
  @ApiProperty({ enum: RECORDED_STAFF_ROLES }) authorRole!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** Cash-on-delivery risk of the order's phone, over every order placed from it. */
export class PhoneRiskView {
  @ApiProperty() orders!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() refused!: number;
  @ApiProperty() canceled!: number;
  @ApiProperty({ description: 'Refusals reach the configured thresholds (COD_RISK_MIN_REFUSED, COD_RISK_MIN_REFUSED_RATE)' }) risky!: boolean;
}

/** What the fake-order defence says about the order: flags to show, never a refusal. */
export class OrderScreeningView {
  @ApiProperty({
    enum: ORDER_SCREENING_VIEW_FLAGS,
    isArray: true,
    description: 'LIKELY_DUPLICATE: the same person ordered the same lines within the window; LARGE_FIRST_ORDER: confirm before printing; MANY_ORDERS_FROM_PHONE: more of the person\'s orders within an hour than the owner allows before review; NEEDS_REVIEW: the phone refused parcels past the threshold; PHONE_BLOCKED: the phone was blocked after the order was placed',
  })
  flags!: OrderScreeningViewFlag[];
  @ApiProperty({ type: String, nullable: true, description: 'The earlier order it likely duplicates' }) duplicateOf!: string | null;
}

export class AdminOrderView extends IntersectionType(ShopperContactFields, OrderTotalsFields) {
  @ApiProperty() id!: string;
  @ApiProperty({ description: "The order stream's revision: send it back as expectedRevision with a status change" }) revision!: number;
  @ApiProperty({ type: () => PhoneRiskView }) phoneRisk!: PhoneRiskView;
  @ApiProperty({ type: () => OrderScreeningView }) screening!: OrderScreeningView;
  @ApiProperty({ type: () => CourierTrackingView, nullable: true, description: 'Once shipped with a courier: the courier, the tracking number and its link' })
  courierTracking!: CourierTrackingView | null;
  @ApiProperty({ enum: ORDER_STATUSES, isArray: true, description: 'The statuses this order may move to now' }) nextStatuses!: readonly OrderStatus[];
  @ApiProperty({ example: 'PS-7KQ4-M2XD' }) orderNumber!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty() customerName!: string;
  @ApiProperty({ type: Number, nullable: true, description: "The shopper's map pin; null: none placed" }) latitude!: number | null;
  @ApiProperty({ type: Number, nullable: true }) longitude!: number | null;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty() paymentMethod!: string;
  @ApiProperty({ type: String, nullable: true }) paymentReference!: string | null;
  @ApiProperty() promoPercent!: number;
  @ApiProperty() itemCount!: number;
  @ApiProperty({ description: 'EGP, goods returned after delivery (net sales fall by it)' }) returned!: number;
  @ApiProperty({ description: 'EGP, cash handed back' }) refunded!: number;
  @ApiProperty({ description: "EGP, fees the couriers' settlement files charged for its parcels" }) courierFee!: number;
  @ApiProperty({ type: String, nullable: true }) statusReason!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Same as createdAt' }) orderDate!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: () => [AdminOrderItemView] }) items!: AdminOrderItemView[];
  @ApiProperty({ type: () => [OrderStaffNoteView], description: 'Staff notes, oldest first' }) staffNotes!: OrderStaffNoteView[];
}

/** A page of orders; the rows under data and, for older clients, orders too. */
export class AdminOrderPage extends PaginationFields {
  @ApiProperty({ type: () => [AdminOrderView] }) data!: AdminOrderView[];
  @ApiProperty({ type: () => [AdminOrderView], description: 'Same as data' }) orders!: AdminOrderView[];
}

/** One line of 'Size Distribution (PLACED Orders)': a size without its SIZE_ prefix and its item count. */
export class SizeCountView {
  @ApiProperty({ example: '30x40' }) size!: string;
  @ApiProperty() count!: number;
}

export class ActorView {
  @ApiProperty({ enum: ['shopper', 'admin', 'system', 'courier'], description: "courier: a move the courier's file made (id: the courier's name)" }) kind!: string;
  @ApiProperty() id!: string;
  @ApiProperty({
    enum: RECORDED_STAFF_ROLES, nullable: true, required: false,
    description: 'A staff member\'s role when they made the change; "unknown" for a change recorded before roles were; absent for the shopper and the system',
  })
  role?: RecordedStaffRole | null;
}

/** One event of an order's audit trail. */
export class OrderHistoryEntryView {
  @ApiProperty() eventId!: string;
  @ApiProperty({ example: 'OrderStatusChanged' }) type!: string;
  @ApiProperty() revision!: number;
  @ApiProperty({ format: 'date-time', description: 'When it happened' }) time!: string;
  @ApiProperty({ format: 'date-time', description: 'When the log recorded it' }) recordedAt!: string;
  @ApiProperty({ type: () => ActorView }) actor!: ActorView;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What changed, by field' }) changes!: Record<string, unknown>;
  @ApiProperty({ type: () => StaffWordingView, description: 'What happened, for staff to read' }) wording!: StaffWordingView;
  @ApiProperty({ type: String, nullable: true }) correlationId!: string | null;
  @ApiProperty({ type: String, nullable: true }) causationId!: string | null;
  @ApiProperty({ example: '120/118' }) position!: string;
}

export class OrderHistoryView {
  @ApiProperty() orderId!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty({ type: () => [OrderHistoryEntryView] }) events!: OrderHistoryEntryView[];
}

export class OrderStatusChangeView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty({ enum: ORDER_STATUSES, nullable: true }) status!: OrderStatus | null;
  @ApiProperty({ enum: ORDER_STATUSES, nullable: true }) previousStatus!: OrderStatus | null;
  @ApiProperty({ description: 'false when the order already had this status' }) changed!: boolean;
  @ApiProperty({ description: "The order stream's revision after the change" }) revision!: number;
}
