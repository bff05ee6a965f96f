import { ApiProperty } from '@nestjs/swagger';

/** One governorate's parcels that reached the door in the period. */
export class GovernorateDeliveryView {
  @ApiProperty() governorate!: string;
  @ApiProperty() delivered!: number;
  @ApiProperty() refused!: number;
  @ApiProperty({ description: 'delivered / (delivered + refused), 0-1' }) deliveredRate!: number;
  @ApiProperty({ description: 'refused / (delivered + refused), 0-1' }) refusedRate!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Median days from placed to delivered; null with no delivery' }) medianDaysToDeliver!: number | null;
}

export class DeliveryByGovernorateView {
  @ApiProperty({ example: '2026-10-26', description: 'First Cairo day of the period' }) from!: string;
  @ApiProperty({ example: '2026-11-24', description: 'Last Cairo day of the period (inclusive)' }) to!: string;
  @ApiProperty({ type: () => [GovernorateDeliveryView] }) governorates!: GovernorateDeliveryView[];
}
