import { ApiProperty } from '@nestjs/swagger';
import { PaginationFields } from '../../catalog/poster-response.js';
import { DeletedView } from '../shared/deleted-response.js';

export class PromoCodeView {
  @ApiProperty({ description: 'The code itself' }) id!: string;
  @ApiProperty({ example: 'FOLLOW10' }) code!: string;
  @ApiProperty({ minimum: 1, maximum: 100 }) percentOff!: number;
  @ApiProperty() active!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) createdAt!: Date | string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-01', description: 'First shop day (Africa/Cairo)' }) startsOn!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-07', description: 'Last shop day (Africa/Cairo)' }) endsOn!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no limit' }) usageLimit!: number | null;
  @ApiProperty() oncePerCustomer!: boolean;
  @ApiProperty({ description: 'EGP; 0: none' }) minimumSubtotal!: number;
  @ApiProperty({ type: String, nullable: true, description: 'null: every category' }) category!: string | null;
  @ApiProperty({ description: 'Orders placed with the code, less those cancelled or refused before delivery' }) uses!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no limit' }) remainingUses!: number | null;
}

/** A page of promo codes, newest first. */
export class PromoCodePage extends PaginationFields {
  @ApiProperty({ type: () => [PromoCodeView] }) data!: PromoCodeView[];
}

export class DeletedPromoCodeView extends DeletedView {
  @ApiProperty() code!: string;
}
