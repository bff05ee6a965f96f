import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/**
 * POST /public/orders/track. A body, not a query string: the phone number stays out of URLs,
 * access logs and browser history. Lengths are generous for what people paste (spaces, +20,
 * Arabic digits); anything that does not normalise is simply "no match".
 */
export class TrackOrderDto {
  @ApiProperty({ example: 'PS-7KQ4-M2XD' })
  @IsString({ message: 'Enter your order number' }) @MaxLength(40, { message: 'Order number is too long' })
  orderNumber!: string;

  @ApiProperty({ example: '01012345678' })
  @IsString({ message: 'Enter the phone number used for the order' }) @MaxLength(40, { message: 'Phone number is too long' })
  phone!: string;
}
