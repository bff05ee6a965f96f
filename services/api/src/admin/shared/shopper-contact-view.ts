import { ApiProperty } from '@nestjs/swagger';

/** Who a shopper is and where their parcels go: the same fields on a customer and on each of their orders. */
export class ShopperContactFields {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty() phone!: string;
  @ApiProperty() addressLine!: string;
  @ApiProperty() building!: string;
  @ApiProperty() apartment!: string;
  @ApiProperty() city!: string;
  @ApiProperty() governorate!: string;
}
