import { BadRequestException, Body, Controller, Delete, Get, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Discount } from '#domain/promotion/discounts.decider.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { DiscountReads } from '../../reads/discounts.reads.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { decimalInteger } from '../../common/strict-integer.js';
import { DiscountView } from '../../catalog/shop-content-response.js';
import { CreateDiscountDto, UpdateDiscountDto } from './discount.dto.js';
import { discountCommand } from './discount-commands.js';
import { AdminDiscountView, DeletedDiscountView } from './discount-response.js';

function view(d: Discount): DiscountView {
  return { id: d.discountId, category: d.category, percentage: d.percentage, active: d.active, startsOn: d.startsOn, endsOn: d.endsOn };
}

function idParam(id: string): number {
  const n = decimalInteger(id);
  if (n === undefined || n < 0 || n > 999_999_999) throw new NotFoundException(`Discount #${id.slice(0, 20)} not found`);
  return n;
}

@ApiTags('admin: discounts')
@AdminOnly('promotions.manage')
@Controller('admin/discounts')
export class AdminDiscountsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly discounts: DiscountReads,
  ) {}

  @Get()
  @ReadsProjections('discounts')
  @ApiOkResponse({ type: [AdminDiscountView] })
  getDiscounts(): Promise<AdminDiscountView[]> {
    return this.discounts.all();
  }

  @Post()
  @ApiCreatedResponse({ type: DiscountView })
  async createDiscount(@Body() dto: CreateDiscountDto) {
    const category = dto.category === undefined || dto.category === null || dto.category.trim() === '' ? null : dto.category;
    const { state, events } = await this.commandBus.execute(
      discountCommand({ type: 'CreateDiscount', data: { category, percentage: dto.percentage, active: dto.active ?? true, startsOn: dto.startsOn, endsOn: dto.endsOn } }),
    );
    const id = (events[0]?.data as { discountId: number }).discountId;
    return view(state.discounts.find((d: Discount) => d.discountId === id)!);
  }

  /** Body: any of percentage, active, startsOn, endsOn (null or '' opens that end). */
  @Patch(':id')
  @ApiOkResponse({ type: DiscountView })
  async updateDiscount(@Param('id') id: string, @Body() dto: UpdateDiscountDto) {
    const discountId = idParam(id);
    if (dto.percentage === undefined && dto.active === undefined && dto.startsOn === undefined && dto.endsOn === undefined) {
      throw new BadRequestException('Nothing to change: send percentage, active, startsOn or endsOn');
    }
    const { state } = await this.commandBus.execute(
      discountCommand({ type: 'ChangeDiscount', data: { discountId, percentage: dto.percentage, active: dto.active, startsOn: dto.startsOn, endsOn: dto.endsOn } }),
    );
    return view(state.discounts.find((d: Discount) => d.discountId === discountId)!);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedDiscountView })
  async deleteDiscount(@Param('id') id: string): Promise<DeletedDiscountView> {
    const discountId = idParam(id);
    await this.commandBus.execute(discountCommand({ type: 'DeleteDiscount', data: { discountId } }));
    return { id: discountId, deleted: true, message: `Discount #${discountId} deleted` };
  }
}
