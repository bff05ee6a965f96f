import { ApiProperty } from '@nestjs/swagger';
import { AddOnView } from '../../catalog/shop-content-response.js';

/** An add-on in GET /api/products: the shop's view and when it was added. */
export class ListedAddOnView extends AddOnView {
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
}
