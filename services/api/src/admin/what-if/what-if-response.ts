import { ApiProperty } from '@nestjs/swagger';
import { MoneyFiguresView } from '../../common/money-figures-view.js';
import { JobProgressFields, JobRequestedFields } from '../shared/job-response.js';

export class WhatIfRequestedView extends JobRequestedFields {
  @ApiProperty({ example: '/api/admin/what-if/42' }) statusUrl!: string;
}

/** The draft as it was tried (normalised), amounts in EGP. */
export class WhatIfDraftView {
  @ApiProperty({ type: String, nullable: true, description: 'null: no category discount; "ALL": every category' }) discountCategory!: string | null;
  @ApiProperty({ type: Number, nullable: true }) discountPercent!: number | null;
  @ApiProperty({ type: String, nullable: true }) promoCode!: string | null;
  @ApiProperty({ type: Number, nullable: true }) promoPercent!: number | null;
  @ApiProperty({ type: Number, nullable: true }) freeShippingThreshold!: number | null;
  @ApiProperty({ type: Number, nullable: true }) codFee!: number | null;
  @ApiProperty({ type: String, nullable: true, description: "The draft discount's window (shop days, inclusive); null: open" }) discountStartsOn!: string | null;
  @ApiProperty({ type: String, nullable: true }) discountEndsOn!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The draft code's rules; null: none" }) promoStartsOn!: string | null;
  @ApiProperty({ type: String, nullable: true }) promoEndsOn!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'EGP' }) promoMinimumSubtotal!: number | null;
  @ApiProperty({ type: String, nullable: true }) promoCategory!: string | null;
  @ApiProperty({ type: Number, nullable: true }) promoUsageLimit!: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) promoOncePerCustomer!: boolean | null;
}

/** Before: as the orders recorded them; after: replayed with the draft. Amounts in EGP. */
export class WhatIfReportView {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
  @ApiProperty({ type: () => WhatIfDraftView }) draft!: WhatIfDraftView;
  @ApiProperty({ description: 'Orders placed in the period' }) orders!: number;
  @ApiProperty() ordersAffected!: number;
  @ApiProperty({ description: 'Orders of the period shipped or delivered (sales) when the job ran' }) salesOrders!: number;
  @ApiProperty({ type: () => MoneyFiguresView, description: 'The money figures of the period\'s orders as recorded, each order as it stands now' }) moneyBefore!: MoneyFiguresView;
  @ApiProperty({ type: () => MoneyFiguresView, description: 'The same, priced with the draft' }) moneyAfter!: MoneyFiguresView;
  @ApiProperty({ description: 'What the draft gives on top: discounts after − before' }) discountGiven!: number;
  @ApiProperty({ description: 'EGP, the average total of an order that is a sale' }) averageOrderValueBefore!: number;
  @ApiProperty() averageOrderValueAfter!: number;
  @ApiProperty({ description: 'Paid shipping as recorded, free with the draft' }) ordersCrossingFreeShipping!: number;
  @ApiProperty({ description: 'Free shipping as recorded, paying with the draft' }) ordersLosingFreeShipping!: number;
  @ApiProperty({ description: 'Orders whose replay without the draft differs from their record (0 unless pricing changed since)' }) ordersNotReproduced!: number;
  @ApiProperty({ description: 'OrderPlaced events read from the log' }) ordersScanned!: number;
  @ApiProperty() seconds!: number;
}

export class WhatIfJobView extends JobProgressFields {
  @ApiProperty({ type: () => WhatIfReportView, nullable: true, description: 'Set once the job has completed' }) report!: WhatIfReportView | null;
}
