import type { DiscountStatus } from '#domain/promotion/discount-window.js';
import { ApiProperty } from '@nestjs/swagger';
import { DiscountView } from '../../catalog/shop-content-response.js';

export class AdminDiscountView extends DiscountView {
  @ApiProperty({ enum: ['inactive', 'scheduled', 'inForce', 'ended'], description: 'Where its window stands today (Cairo); inactive: switched off' })
  status!: DiscountStatus;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
}

export class DeletedDiscountView {
  @ApiProperty() id!: number;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ example: 'Discount #3 deleted' }) message!: string;
}
