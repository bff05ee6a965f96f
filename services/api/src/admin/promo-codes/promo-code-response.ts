import { ApiProperty } from '@nestjs/swagger';
import { PaginationFields } from '../../catalog/poster-response.js';
import { DeletedView } from '../shared/deleted-response.js';

export class PromoCodeView {
  @ApiProperty({ description: 'The code itself' }) id!: string;
  @ApiProperty({ example: 'FOLLOW10' }) code!: string;
  @ApiProperty({ minimum: 1, maximum: 100 }) percentOff!: number;
  @ApiProperty() active!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) createdAt!: Date | string | null;
}

/** A page of promo codes, newest first. */
export class PromoCodePage extends PaginationFields {
  @ApiProperty({ type: () => [PromoCodeView] }) data!: PromoCodeView[];
}

export class DeletedPromoCodeView extends DeletedView {
  @ApiProperty() code!: string;
}
