import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';

const text = (field: string) => [WithoutBidiControls(), IsOptional(), IsString({ message: `${field} must be text` }), MaxLength(200, { message: `${field} must be at most 200 characters` })];
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

/** The customer fields to correct; those left out stay. Checked like the checkout form. */
export class CorrectCustomerDto {
  @ApiPropertyOptional() @apply(text('firstName')) firstName?: string;
  @ApiPropertyOptional() @apply(text('lastName')) lastName?: string;
  @ApiPropertyOptional({ description: 'Any form checkout accepts; stored normalised' }) @apply(text('phone')) phone?: string;
  @ApiPropertyOptional() @apply(text('addressLine')) addressLine?: string;
  @ApiPropertyOptional() @apply(text('building')) building?: string;
  @ApiPropertyOptional() @apply(text('apartment')) apartment?: string;
  @ApiPropertyOptional() @apply(text('city')) city?: string;
}

export class CustomerCorrectedView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty({ type: [String], description: 'The fields that changed (none: the values were already these)' }) corrected!: string[];
}
