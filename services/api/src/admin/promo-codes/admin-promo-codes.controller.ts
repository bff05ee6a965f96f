import { BadRequestException, Body, Controller, Delete, Get, NotFoundException, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PromoCodeCommand } from '#domain/promotion/commands.js';
import type { PromoCodeState } from '#domain/promotion/promo-code.decider.js';
import { isPromoCode } from '#domain/promotion/promo-code-format.js';
import { promoUsageDecider, usesHeld } from '#domain/promotion/promo-usage.decider.js';
import { normalisePromoCode, promoUsageStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { PromoCodeReads } from '../../reads/promo-codes.reads.js';
import { CreatePromoCodeDto, UpdatePromoCodeDto } from './promo-code.dto.js';
import { promoCodeCommands } from './promo-code-commands.js';
import { parsePaging } from '../shared/paging.js';
import { promoCodeView, promoRulesInput, sendsRules } from './promo-code-view.js';
import { DeletedPromoCodeView, PromoCodePage, PromoCodeView } from './promo-code-response.js';
import { PagedList } from '../shared/paged-list.decorator.js';


function stateView(s: PromoCodeState, uses = 0) {
  return promoCodeView({ code: s.code, percentOff: s.percentOff, active: s.active, createdAt: new Date().toISOString(), rules: s.rules, uses });
}

/** The code is the id (upper-cased); anything that cannot be a code cannot exist: 404. */
function codeParam(id: string): string {
  const code = normalisePromoCode(id ?? '');
  if (!isPromoCode(code)) throw new NotFoundException('Promo code not found');
  return code;
}

@ApiTags('admin: promo codes')
@AdminOnly('promotions.manage')
@Controller('admin/promocodes')
export class AdminPromoCodesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly promoCodes: PromoCodeReads,
    private readonly executor: DeciderExecutor,
  ) {}

  @Get()
  @PagedList('promo-codes', PromoCodePage)
  getPromoCodes(@Query() query: Record<string, unknown>): Promise<PromoCodePage> {
    return this.promoCodes.page(parsePaging(query, 20));
  }

  @Post()
  @ApiCreatedResponse({ type: PromoCodeView })
  async createPromoCode(@Body() dto: CreatePromoCodeDto) {
    const code = normalisePromoCode(dto.code);
    if (!isPromoCode(code)) throw new BadRequestException('Please enter a valid code and discount percentage (1-100)');
    const { state } = await this.commandBus.execute(
      promoCodeCommands(code, [{ type: 'CreatePromoCode', data: { code, percentOff: dto.percentOff, active: dto.active, rules: promoRulesInput(dto) } }]),
    );
    return stateView(state, await this.uses(code));
  }

  /** Body { active } and/or { percentOff } and/or rules; rules not sent keep their value. */
  @Patch(':id')
  @ApiOkResponse({ type: PromoCodeView })
  async updatePromoCode(@Param('id') id: string, @Body() dto: UpdatePromoCodeDto) {
    const code = codeParam(id);
    const rules = promoRulesInput(dto);
    if (dto.active === undefined && dto.percentOff === undefined && !sendsRules(dto)) {
      throw new BadRequestException('Nothing to change: send active, percentOff and/or rules');
    }
    const commands: PromoCodeCommand[] = [];
    if (dto.percentOff !== undefined) commands.push({ type: 'ChangePromoCodePercent', data: { code, percentOff: dto.percentOff } });
    if (sendsRules(dto)) commands.push({ type: 'ChangePromoCodeRules', data: { code, rules } });
    if (dto.active !== undefined) commands.push({ type: dto.active ? 'ActivatePromoCode' : 'DeactivatePromoCode', data: { code } });
    const { state } = await this.commandBus.execute(promoCodeCommands(code, commands));
    return stateView(state, await this.uses(code));
  }

  /** The uses the code's usage stream holds (write side: the answer must not lag the read model). */
  private async uses(code: string): Promise<number> {
    return usesHeld((await this.executor.load(promoUsageStream(code), promoUsageDecider)).state);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedPromoCodeView })
  async deletePromoCode(@Param('id') id: string): Promise<DeletedPromoCodeView> {
    const code = codeParam(id);
    await this.commandBus.execute(promoCodeCommands(code, [{ type: 'DeletePromoCode', data: { code } }]));
    return { id: code, code, deleted: true };
  }
}
