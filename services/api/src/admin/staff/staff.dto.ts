import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { STAFF_ROLES, type StaffRole } from '#domain/admin/staff-permissions.js';
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH, STAFF_USERNAME_PATTERN, STAFF_USERNAME_RULE } from '#domain/admin/staff-username.js';

const ROLE_RULE = `role must be one of ${STAFF_ROLES.join(', ')}`;
const PASSWORD_RULE = `password must be ${STAFF_PASSWORD_MIN_LENGTH} to ${STAFF_PASSWORD_MAX_LENGTH} characters`;

export class CreateStaffMemberDto {
  @ApiProperty({ example: 'sara.agent', pattern: STAFF_USERNAME_PATTERN.source })
  @IsString({ message: STAFF_USERNAME_RULE })
  @Matches(STAFF_USERNAME_PATTERN, { message: STAFF_USERNAME_RULE })
  username!: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_RULE })
  role!: StaffRole;

  @ApiProperty({ minLength: STAFF_PASSWORD_MIN_LENGTH, description: 'One-time password: the staff member must change it at first sign-in' })
  @IsString({ message: PASSWORD_RULE })
  @MinLength(STAFF_PASSWORD_MIN_LENGTH, { message: PASSWORD_RULE })
  @MaxLength(STAFF_PASSWORD_MAX_LENGTH, { message: PASSWORD_RULE })
  password!: string;
}

export class ChangeStaffRoleDto {
  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_RULE })
  role!: StaffRole;
}

export class ResetStaffPasswordDto {
  @ApiProperty({ minLength: STAFF_PASSWORD_MIN_LENGTH, description: 'A new one-time password, to be changed at the next sign-in' })
  @IsString({ message: PASSWORD_RULE })
  @MinLength(STAFF_PASSWORD_MIN_LENGTH, { message: PASSWORD_RULE })
  @MaxLength(STAFF_PASSWORD_MAX_LENGTH, { message: PASSWORD_RULE })
  password!: string;
}
