import { BadRequestException, Body, Controller, Headers, Inject, Post, Res, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { photoTooSmallToPrint, printResolution } from '#domain/catalog/print-resolution.js';
import { parsePosterSize, type PosterSize } from '#domain/shop-config.js';
import { CustomPosterAnswer } from '../cart/cart-response.js';
import { Budgeted } from '../budgets/budget.guard.js';
import { CartReads } from '../cart/cart.reads.js';
import { AddItemToCartCommand } from '../cart/commands/add-item-to-cart.handler.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { setActor } from '../common/request-context.js';
import { APP_CONFIG } from '../common/tokens.js';
import { recordOwner } from './upload-owners.js';
import { ImageIntakeService, type IncomingFile } from './image-intake.service.js';
import { ImageUpload } from './image-upload.decorator.js';
import { MESSAGES } from './upload-limits.js';

/**
 * Make-your-own poster: the shopper's image becomes a custom line in their cart. Every check runs
 * before anything is written, and a refused cart command removes the stored image again.
 */
@ApiTags('cart')
@ApiHeader({ name: 'X-Cart-Id', required: false })
@Controller('user')
export class CustomPosterUploadController {
  constructor(
    private readonly images: ImageIntakeService,
    private readonly carts: CartReads,
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('upload')
  @Budgeted('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ description: 'size (and quantity, if sent) come before file: they are checked before the image is stored', schema: { type: 'object', required: ['size', 'file'], properties: { size: { type: 'string', example: 'SIZE_30x40' }, quantity: { type: 'integer', example: 1 }, file: { type: 'string', format: 'binary' } } } })
  @ImageUpload({ fieldsBeforeFile: (fields) => customPosterFields(fields, 'before the file') })
  @ApiCreatedResponse({ type: CustomPosterAnswer })
  async uploadCustomPoster(@UploadedFile() file: IncomingFile | undefined, @Body() body: Record<string, unknown>, @Headers('x-cart-id') cartHeader: unknown, @Res({ passthrough: true }) res: Response): Promise<CustomPosterAnswer> {
    if (!file) throw new BadRequestException(MESSAGES.noImage);
    const { size, quantity } = customPosterFields(body);

    // Judged by what will print at the size ordered, from the pixels the file really holds (never
    // a figure the browser sends): refused on the header, before a pixel is decoded.
    const inspected = await this.images.inspect(file, {
      checkDimensions: (width, height) => {
        const judged = printResolution(width, height, size);
        if (judged.verdict === 'refused') throw photoTooSmallToPrint(judged);
      },
    });
    const print = printResolution(inspected.width, inspected.height, size);
    const cartId = this.carts.cartIdFrom(cartHeader);
    if (cartId) setActor({ kind: 'shopper', id: cartId });
    const stored = await this.images.store('custom', inspected);
    try {
      const { cartId: id, state } = await this.commandBus.execute(new AddItemToCartCommand(cartId, { kind: 'custom', size, quantity, customImagePath: stored.url }));
      const answer = await this.carts.price(id, state);
      res.setHeader('X-Cart-Id', answer.cartId);
      // For the clean-up of uploads nobody ordered: the grace period runs from this cart's last use.
      // Best effort: without the record the upload is judged by its own age, which is still safe for a day's cart.
      await recordOwner(this.config.uploadsDir, stored.key, answer.cartId).catch(() => undefined);
      return { ...answer, customImagePath: stored.url, thumbnails: stored.thumbnails, print, message: 'Your custom poster has been added to cart!' };
    } catch (e) {
      await this.images.discard(stored.url);
      throw e;
    }
  }
}

/**
 * The form's size and quantity (quantity 1 when left out), or a 400 naming what is wrong. Checked
 * when the file part begins (`when` is then 'before the file'), so a refused upload stores nothing;
 * a size sent only after the file is missing at that point, and the message says where it belongs.
 */
export function customPosterFields(body: Record<string, unknown> | undefined, when?: 'before the file'): { size: PosterSize; quantity: number } {
  const sizeField = typeof body?.size === 'string' ? body.size.trim() : '';
  if (!sizeField) throw new BadRequestException(when ? `${MESSAGES.noSize} ${MESSAGES.fieldsFirst}` : MESSAGES.noSize);
  const size = parsePosterSize(sizeField);
  if (!size) throw new BadRequestException('Please select a valid size');
  const quantityField = body?.quantity === undefined || body.quantity === '' ? '1' : String(body.quantity).trim();
  if (!/^\d{1,4}$/.test(quantityField) || Number(quantityField) < 1) throw new BadRequestException(MESSAGES.badQuantity);
  return { size, quantity: Number(quantityField) };
}
