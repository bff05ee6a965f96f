import { SETTLEMENT_OUTCOMES, type SettlementEffect, type SettlementOutcome } from '#domain/courier/settlement-import.js';
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

/** What one line of the file was decided to do. */
export class SettlementLineResultView {
  @ApiProperty({ description: 'The file’s line number (the header is line 1)' }) line!: number;
  @ApiProperty() trackingNumber!: string;
  @ApiProperty({ enum: ['delivered', 'refused', 'settled'] }) status!: string;
  @ApiProperty({
    enum: SETTLEMENT_OUTCOMES,
    description: 'applied: the order changes (the import’s progress says when it has); unchanged: already recorded; unmatched, contradictory and rejected (dated after today or before the parcel shipped) change nothing',
  })
  outcome!: SettlementOutcome;
  @ApiProperty({ type: String, nullable: true, enum: ['delivered', 'refused', 'paid', 'collected'], description: 'What an applied line does to its order' }) effect!: SettlementEffect | null;
  @ApiProperty({ type: String, nullable: true }) orderNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why a line changes nothing' }) message!: string | null;
}

export class SettlementImportView {
  @ApiProperty({ description: 'The import: its progress is GET /api/admin/couriers/{id}/settlements/{importId}' }) importId!: string;
  @ApiProperty({ description: 'SHA-256 of the file, recorded with every change it made' }) fileHash!: string;
  @ApiProperty() courierId!: string;
  @ApiProperty() applied!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty() unmatched!: number;
  @ApiProperty() contradictory!: number;
  @ApiProperty() rejected!: number;
  @ApiProperty({ type: () => [SettlementLineResultView] }) lines!: SettlementLineResultView[];
}

/**
 * An import's progress: of the lines to apply (toApply), how many are done; once done equals
 * toApply, the counts are final (a line the order no longer accepted moved from applied to
 * contradictory or rejected).
 */
export class SettlementProgressView {
  @ApiProperty() importId!: string;
  @ApiProperty() courierId!: string;
  @ApiProperty() fileHash!: string;
  @ApiProperty() importedAt!: string;
  @ApiProperty({ description: 'Lines in the file' }) lines!: number;
  @ApiProperty({ description: 'Lines the import decided to apply' }) toApply!: number;
  @ApiProperty({ description: 'Of those, lines recorded on their orders so far' }) done!: number;
  @ApiProperty() finished!: boolean;
  @ApiProperty() applied!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty() unmatched!: number;
  @ApiProperty() contradictory!: number;
  @ApiProperty() rejected!: number;
}
