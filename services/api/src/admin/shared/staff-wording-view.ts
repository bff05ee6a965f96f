import { ApiProperty } from '@nestjs/swagger';
import { STAFF_WORDING_CODES, type StaffWordingCode } from '#domain/admin/staff-wording.js';

/** A fact for staff as a code and its arguments; the back-office words it in the member's language. */
export class StaffWordingView {
  @ApiProperty({ enum: STAFF_WORDING_CODES, example: 'order.returned' }) code!: StaffWordingCode;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The values the sentence names (money in EGP, statuses and fields as codes)', example: { items: 1, refund: 240, reason: null } })
  args!: Record<string, unknown>;
}
