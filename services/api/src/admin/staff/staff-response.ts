import { ApiProperty } from '@nestjs/swagger';
import { STAFF_ROLES, type StaffRole } from '#domain/admin/staff-permissions.js';

export class StaffMemberView {
  @ApiProperty() username!: string;
  @ApiProperty({ enum: STAFF_ROLES }) role!: StaffRole;
  @ApiProperty() disabled!: boolean;
  @ApiProperty({ description: 'Still on a one-time password' }) mustChangePassword!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The owner who created the account; null for the first owner' }) createdBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: String, nullable: true }) updatedBy!: string | null;
}

/** The account's state right after a change (the list catches up through the projection). */
export class StaffChangeView {
  @ApiProperty() username!: string;
  @ApiProperty({ enum: STAFF_ROLES }) role!: StaffRole;
  @ApiProperty() disabled!: boolean;
  @ApiProperty() mustChangePassword!: boolean;
}
