import { ApiProperty } from '@nestjs/swagger';
import { PHONE_BLOCK_REASONS } from '#domain/order-screening/phone-block-reasons.js';
import { RECORDED_STAFF_ROLES } from '#domain/admin/staff-actor.js';
import { PaginationFields } from '../../catalog/poster-response.js';

export class OrderScreeningSettingsView {
  @ApiProperty({ description: 'Refused parcels after which a phone needs review; 0: never' }) reviewAfterRefusals!: number;
  @ApiProperty({ description: 'Minutes within which the same lines again are a likely duplicate; 0: never' }) duplicateWindowMinutes!: number;
  @ApiProperty({ description: 'EGP: a first order from this total on is confirmed before printing; 0: never' }) largeFirstOrderMinimum!: number;
  @ApiProperty({ description: 'A person\'s orders beyond this many within an hour are flagged, never refused; 0: never' }) manyOrdersPerHour!: number;
}

export class BlockedPhoneView {
  @ApiProperty({ description: 'The person (data subject) the block is kept for: the id to lift it with' }) id!: string;
  @ApiProperty({ example: '01012345678' }) phone!: string;
  @ApiProperty({ enum: PHONE_BLOCK_REASONS }) reason!: string;
  @ApiProperty({ description: 'Who blocked it' }) blockedBy!: string;
  @ApiProperty({ enum: RECORDED_STAFF_ROLES, description: 'Their role then' }) blockedByRole!: string;
  @ApiProperty({ type: String, format: 'date-time' }) blockedAt!: string;
}

/** Blocked phones, most recently blocked first. */
export class BlockedPhonePage extends PaginationFields {
  @ApiProperty({ type: () => [BlockedPhoneView] }) data!: BlockedPhoneView[];
}

export class PhoneUnblockedView {
  @ApiProperty() id!: string;
  @ApiProperty() unblocked!: boolean;
}
