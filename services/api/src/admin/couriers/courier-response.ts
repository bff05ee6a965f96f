import { ApiProperty } from '@nestjs/swagger';

export class CourierView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://bosta.co/tracking-shipments?shipment-number={tracking}' }) trackingUrlTemplate!: string | null;
}

/** One courier's parcels and cash. Money in EGP. */
export class CourierCashView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Parcels the courier holds (SHIPPED)' }) parcelsOut!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() refused!: number;
  @ApiProperty({ description: 'Cash the courier owes: delivered and not yet paid, less its fees' }) owed!: number;
  @ApiProperty({ description: 'Cash the courier paid the shop, less its fees' }) settled!: number;
  @ApiProperty({ description: 'The courier’s fees on every parcel it reported' }) fees!: number;
}

export const IMPORT_OUTCOMES = ['applied', 'unchanged', 'unmatched', 'contradictory'] as const;

/** What one line of the file did. */
export class SettlementLineResultView {
  @ApiProperty({ description: 'The file’s line number (the header is line 1)' }) line!: number;
  @ApiProperty() trackingNumber!: string;
  @ApiProperty({ enum: ['delivered', 'refused', 'settled'] }) status!: string;
  @ApiProperty({ enum: IMPORT_OUTCOMES, description: 'applied: the order changed; unchanged: already recorded; unmatched and contradictory changed nothing' }) outcome!: (typeof IMPORT_OUTCOMES)[number];
  @ApiProperty({ type: String, nullable: true }) orderNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why a line changed nothing' }) message!: string | null;
}

export class SettlementImportView {
  @ApiProperty({ description: 'SHA-256 of the file, recorded with every change it made' }) fileHash!: string;
  @ApiProperty() courierId!: string;
  @ApiProperty() applied!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty() unmatched!: number;
  @ApiProperty() contradictory!: number;
  @ApiProperty({ type: () => [SettlementLineResultView] }) lines!: SettlementLineResultView[];
}
