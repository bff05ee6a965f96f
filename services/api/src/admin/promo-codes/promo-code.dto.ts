import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const INVALID = 'Please enter a valid code and discount percentage (1-100)';

export class CreatePromoCodeDto {
  @ApiProperty({ example: 'WELCOME10' }) @IsString({ message: INVALID }) @MaxLength(40, { message: INVALID }) code!: string;
  @ApiProperty({ example: 10 }) @IsInt({ message: INVALID }) @Min(1, { message: INVALID }) @Max(100, { message: INVALID }) percentOff!: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
}

export class UpdatePromoCodeDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt({ message: INVALID }) @Min(1, { message: INVALID }) @Max(100, { message: INVALID }) percentOff?: number;
}
