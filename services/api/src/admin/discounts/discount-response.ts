import { ApiProperty } from '@nestjs/swagger';
import { DiscountView } from '../../catalog/shop-content-response.js';

export class AdminDiscountView extends DiscountView {
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
}

export class DeletedDiscountView {
  @ApiProperty() id!: number;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ example: 'Discount #3 deleted' }) message!: string;
}
