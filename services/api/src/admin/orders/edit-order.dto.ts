import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_EDIT_LINES } from '#domain/order/order-edit.js';
import { GOVERNORATE_CODES, SIZES } from '#domain/shop-config.js';
import { toInteger } from '../../common/strict-integer.js';
import { WithoutBidiControls } from '../../common/without-bidi-controls.decorator.js';
import { OrderTotalsFields } from '../../common/order-totals-view.js';

/** A line of the edited order: a line of the order by its itemId (resized or requantified), or a new poster (posterId and size) or add-on (productId). */
export class EditLineDto {
  @ApiPropertyOptional({ description: "A line of this order (its items' itemId)" }) itemId?: string;
  @ApiPropertyOptional({ description: 'A poster to add' }) posterId?: string;
  @ApiPropertyOptional({ description: 'An add-on to add' }) productId?: string;
  @ApiPropertyOptional({ enum: SIZES, description: "A poster's size; a line of the order keeps its own when left out" }) size?: string;
  @ApiProperty({ minimum: 1 }) quantity!: number;
}

/**
 * An edit of an order before it ships. Every field is optional (left out: unchanged) except
 * expectedRevision; `lines` given is the whole new list of lines (a line left out is removed).
 * Checked by the order domain (validateOrderEdit), which names every bad field.
 */
export class EditOrderDto {
  @ApiPropertyOptional({ type: String }) @Allow() @WithoutBidiControls() firstName?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() @WithoutBidiControls() lastName?: unknown;
  @ApiPropertyOptional({ type: String, description: 'Any form checkout accepts; stored normalised' }) @Allow() phone?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() @WithoutBidiControls() addressLine?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() @WithoutBidiControls() building?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() @WithoutBidiControls() apartment?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() @WithoutBidiControls() city?: unknown;
  @ApiPropertyOptional({ enum: GOVERNORATE_CODES }) @Allow() governorate?: unknown;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Delivery notes; null or blank clears them' }) @Allow() @WithoutBidiControls() notes?: unknown;

  @ApiPropertyOptional({ type: () => [EditLineDto] })
  @IsOptional()
  @IsArray({ message: 'lines must be a list' })
  @ArrayMaxSize(MAX_EDIT_LINES, { message: `lines: at most ${MAX_EDIT_LINES}` })
  lines?: unknown[];

  @ApiPropertyOptional({ type: String, description: "Why (kept in the order's history)" }) @Allow() @WithoutBidiControls() reason?: unknown;

  @ApiProperty({ description: "The order's revision as the staff member saw it (AdminOrderView.revision): a change made since is a 409 and nothing is saved" })
  @Max(2_000_000_000, { message: 'expectedRevision is too large' })
  @Min(0, { message: 'expectedRevision must be at least 0' })
  @IsInt({ message: 'expectedRevision must be a whole number' })
  @Transform(toInteger)
  expectedRevision!: number;
}

export class OrderVersionItemView {
  @ApiProperty() itemId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) size!: string | null;
  @ApiProperty() quantity!: number;
  @ApiProperty() unitPrice!: number;
  @ApiProperty() originalUnitPrice!: number;
  @ApiProperty() lineTotal!: number;
}

/** An order's priced version (money in EGP): what the edit dialog shows before and after. */
export class OrderVersionView extends OrderTotalsFields {
  @ApiProperty({ enum: GOVERNORATE_CODES }) governorate!: string;
  @ApiProperty({ type: () => [OrderVersionItemView] }) items!: OrderVersionItemView[];
}

export class OrderEditView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty({ type: [String], description: 'The parts that change: customer field names, and lines (none: nothing changes)' }) fields!: string[];
  @ApiProperty({ description: "The order's revision after the edit (unchanged for a preview)" }) revision!: number;
  @ApiProperty({ type: () => OrderVersionView }) before!: OrderVersionView;
  @ApiProperty({ type: () => OrderVersionView }) after!: OrderVersionView;
}

export class AddOrderNoteDto {
  @ApiProperty({ type: String, maxLength: 2000, description: 'Plain text for staff only; never shown to the shopper' }) @Allow() @WithoutBidiControls() text!: unknown;
}

export class OrderNoteAddedView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty() noteId!: string;
  @ApiProperty() revision!: number;
}
