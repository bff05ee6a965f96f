import { ApiProperty } from '@nestjs/swagger';
import { PaginationFields } from '../../catalog/poster-response.js';
import { ShopperContactFields } from '../shared/shopper-contact-view.js';

export class CustomerView extends ShopperContactFields {
  @ApiProperty({ description: 'The data subject id: opaque, never the phone (a person is keyed by subject, and an id may be shown or linked)' }) id!: string;
  @ApiProperty({ description: 'The data subject the customer is (their erasure, data download and corrections name it); the same as id' }) subjectId!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
  @ApiProperty({ type: String, format: 'date-time' }) lastOrderAt!: Date;
  @ApiProperty() orderCount!: number;
}

/** A page of customers; the rows under data and, for older clients, customers and items. */
export class CustomerPage extends PaginationFields {
  @ApiProperty({ type: () => [CustomerView] }) data!: CustomerView[];
  @ApiProperty({ type: () => [CustomerView], description: 'Same as data' }) customers!: CustomerView[];
  @ApiProperty({ type: () => [CustomerView], description: 'Same as data' }) items!: CustomerView[];
}
