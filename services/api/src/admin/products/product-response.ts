import { ApiProperty } from '@nestjs/swagger';
import { PaginationFields } from '../../catalog/poster-response.js';
import { AddOnView } from '../../catalog/shop-content-response.js';

/** An add-on in GET /api/products: the shop's view and when it was added. */
export class ListedAddOnView extends AddOnView {
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
}

/** A page of add-ons, newest first. */
export class AddOnPage extends PaginationFields {
  @ApiProperty({ type: () => [ListedAddOnView] }) data!: ListedAddOnView[];
}
