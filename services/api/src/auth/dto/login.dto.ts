import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { STAFF_ROLES, type StaffRole } from '#domain/admin/staff-permissions.js';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(100)
  username!: string;

  @ApiProperty({ example: 'secret' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200)
  password!: string;
}

export class LoginResponseDto {
  @ApiPropertyOptional({ description: 'The bearer token; absent while the second factor is still to be given (twoFactorRequired)' })
  token?: string;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ['ADMIN'] }) role!: 'ADMIN';
  @ApiProperty({ description: 'Seconds until the token expires without activity' }) expiresIn!: number;
  @ApiProperty({ enum: STAFF_ROLES, description: 'What the staff member may do (the permission map); the owner holds every permission' }) staffRole!: StaffRole;
  @ApiProperty({ description: 'The password is a one-time one: only changing it (POST /api/admin/auth/password) is allowed until then' })
  mustChangePassword!: boolean;
  @ApiProperty({ description: 'The password was right; send a code with `challenge` to POST /api/admin/auth/login/two-factor for the token' })
  twoFactorRequired!: boolean;
  @ApiPropertyOptional({ description: 'Proof of the password for the second step, valid 5 minutes; opens no admin route' })
  challenge?: string;
  @ApiProperty({ description: 'The role must use a second factor and none is set up: only setting it up (and one’s own session routes) is allowed until then' })
  mustEnrolTwoFactor!: boolean;
}

export const TOTP_CODE_RULE = 'Code must be the 6 digits your authenticator app shows';
export const RECOVERY_CODE_RULE = 'Recovery code must be one of the ten codes shown at set-up (xxxxx-xxxxx)';

/** The second step of a sign-in: the challenge from the password step, and a code or a recovery code (used once). */
export class SecondFactorLoginDto {
  @ApiProperty()
  @IsString({ message: 'Challenge is required: sign in with your password first' })
  @IsNotEmpty({ message: 'Challenge is required: sign in with your password first' })
  @MaxLength(2000, { message: 'Challenge is not one this server issued' })
  challenge!: string;

  @ApiPropertyOptional({ example: '123456' })
  @IsOptional()
  @IsString({ message: TOTP_CODE_RULE })
  @Matches(/^\s*\d{3}\s?\d{3}\s*$/, { message: TOTP_CODE_RULE })
  code?: string;

  @ApiPropertyOptional({ example: 'abcde-fghjk' })
  @IsOptional()
  @IsString({ message: RECOVERY_CODE_RULE })
  @Matches(/^\s*[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}\s*$/, { message: RECOVERY_CODE_RULE })
  recoveryCode?: string;
}
