import { ApiProperty } from '@nestjs/swagger';
import { RECORDED_STAFF_ROLES, type RecordedStaffRole } from '#domain/admin/staff-actor.js';
import { PaginationFields } from '../../catalog/poster-response.js';

/** One thing a staff member did: an account event or a change to an order. */
export class StaffActivityView {
  @ApiProperty() eventId!: string;
  @ApiProperty({ format: 'date-time', description: 'When it was done' }) time!: string;
  @ApiProperty({ description: 'The staff member who did it ("unknown" when the log does not say)' }) actor!: string;
  @ApiProperty({ enum: RECORDED_STAFF_ROLES, description: 'Their role then; "unknown" for a change recorded before roles were' }) actorRole!: RecordedStaffRole;
  @ApiProperty({ example: 'OrderStatusChanged' }) type!: string;
  @ApiProperty({ type: String, nullable: true }) orderId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The order's number, for its page /admin/orders/{number}" }) orderNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The staff account an account event concerns' }) member!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: '{ from, to, correction? } of a status change, { fields } of a correction, { role, previousRole? } of an account' })
  details!: Record<string, unknown>;
}

export class StaffActivityPage extends PaginationFields {
  @ApiProperty({ type: () => [StaffActivityView] }) data!: StaffActivityView[];
}

/** A staff account the activity can be filtered by, with its role now. */
export class StaffActivityMemberView {
  @ApiProperty() username!: string;
  @ApiProperty({ enum: RECORDED_STAFF_ROLES }) role!: RecordedStaffRole;
}
