import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';

/** The decider checks the name and the template (https, one {tracking}); the DTO only bounds their size. */
export class AddCourierDto {
  @ApiProperty({ example: 'Bosta' })
  @WithoutBidiControls()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://bosta.co/tracking-shipments?shipment-number={tracking}', description: 'https, with {tracking} where the tracking number goes' })
  @IsOptional()
  @IsString({ message: 'trackingUrlTemplate must be text' })
  @MaxLength(1000, { message: 'trackingUrlTemplate must be at most 1000 characters' })
  trackingUrlTemplate?: string | null;
}

export class UpdateCourierDto {
  @ApiPropertyOptional({ example: 'Bosta' })
  @IsOptional()
  @WithoutBidiControls()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'null or empty removes the link' })
  @IsOptional()
  @IsString({ message: 'trackingUrlTemplate must be text' })
  @MaxLength(1000, { message: 'trackingUrlTemplate must be at most 1000 characters' })
  trackingUrlTemplate?: string | null;
}
