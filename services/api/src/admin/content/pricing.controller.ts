import { BadRequestException, Body, Controller, Param, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { egpToPiastres, piastresToEgp } from '#domain/shared/money.js';
import { parsePosterSize } from '#domain/shop-config.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { customPriceCommand } from './content-commands.js';
import { SizePriceView } from '../../catalog/shop-content-response.js';

const INVALID_PRICE = 'Please enter a valid positive number';

/** Custom-poster prices per size. GET /api/pricing is public (catalog module); changing one is admin-only. */
@ApiTags('admin: pricing')
@AdminOnly('prices.manage')
@Controller('pricing')
export class AdminPricingController {
  constructor(private readonly commandBus: CommandBus) {}

  /** PUT /api/pricing/SIZE_30x40?price=250 (the body { price } works too). Size with or without the SIZE_ prefix. */
  @Put(':size')
  @ApiQuery({ name: 'price', type: Number })
  @ApiOkResponse({ type: SizePriceView })
  async updatePrice(@Param('size') sizeParam: string, @Query('price') queryPrice?: unknown, @Body() body?: { price?: unknown }): Promise<SizePriceView> {
    const size = parsePosterSize(sizeParam);
    if (!size) throw new BadRequestException('Please select a valid size');
    const raw = queryPrice ?? body?.price;
    if (raw === undefined || raw === null || raw === '' || (typeof raw !== 'string' && typeof raw !== 'number')) throw new BadRequestException(INVALID_PRICE);
    const text = String(raw).trim();
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) throw new BadRequestException(INVALID_PRICE);
    const price = egpToPiastres(text);
    const { state } = await this.commandBus.execute(customPriceCommand({ type: 'SetCustomPrice', data: { size, price } }));
    return { size, price: piastresToEgp(state.prices[size]) };
  }
}
