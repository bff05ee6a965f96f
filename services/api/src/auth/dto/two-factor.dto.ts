import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { TOTP_CODE_RULE } from './login.dto.js';

export class TwoFactorStatusDto {
  @ApiProperty({ description: 'A second factor is set up and asked for at every sign-in' }) enrolled!: boolean;
  @ApiProperty({ description: 'The member’s role must use one (STAFF_TWO_FACTOR_ROLES)' }) required!: boolean;
  @ApiProperty() recoveryCodesLeft!: number;
}

export class TwoFactorEnrolmentDto {
  @ApiProperty({ description: 'The secret in base32, for typing into an app that cannot scan' }) secret!: string;
  @ApiProperty({ description: 'otpauth:// URI, what the QR code encodes' }) otpauthUri!: string;
  @ApiProperty({ description: 'The QR code as an SVG document' }) qrSvg!: string;
}

export class ConfirmTwoFactorDto {
  @ApiProperty({ example: '123456' })
  @IsString({ message: TOTP_CODE_RULE })
  @Matches(/^\s*\d{3}\s?\d{3}\s*$/, { message: TOTP_CODE_RULE })
  code!: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Shown this once; each signs in once in place of a code' }) recoveryCodes!: string[];
}
