import { ApiProperty } from '@nestjs/swagger';

/** A step of the order's life as the shopper sees it: the status it reached and when. */
export class TrackingStepView {
  @ApiProperty({ example: 'SHIPPED', description: 'A status the order reached, or EDITED: the shop changed the order (see total)' }) status!: string;
  @ApiProperty({ description: 'ISO 8601' }) at!: string;
}

/** The courier carrying the parcel, and its tracking page when the courier has one. */
export class CourierTrackingView {
  @ApiProperty({ example: 'Bosta' }) courier!: string;
  @ApiProperty() trackingNumber!: string;
  @ApiProperty({ type: String, nullable: true, description: 'https link to the courier’s tracking page for this parcel' }) url!: string | null;
}

/**
 * What a shopper who knows the order number and phone may see: nothing personal beyond the first
 * name and the city (no address, phone, e-mail, notes or admin reasons). Money in EGP.
 */
export class OrderTrackingView {
  @ApiProperty() orderNumber!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() city!: string;
  @ApiProperty({ example: 'PLACED' }) status!: string;
  @ApiProperty() itemCount!: number;
  @ApiProperty() total!: number;
  @ApiProperty() paymentMethod!: string;
  @ApiProperty({ type: () => [TrackingStepView], description: 'Oldest first' }) timeline!: TrackingStepView[];
  @ApiProperty({ type: () => CourierTrackingView, nullable: true, description: 'Once shipped with a courier' }) courierTracking!: CourierTrackingView | null;
}
