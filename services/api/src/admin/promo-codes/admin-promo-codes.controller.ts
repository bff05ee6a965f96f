import { BadRequestException, Body, Controller, Delete, Get, NotFoundException, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { PromoCodeCommand } from '#domain/promotion/commands.js';
import type { PromoCodeState } from '#domain/promotion/promo-code.decider.js';
import { isPromoCode } from '#domain/promotion/promo-code-format.js';
import { normalisePromoCode } from '#domain/streams.js';
import { PromoCodeEntity } from '#read-models/promo-code.entity.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { CreatePromoCodeDto, UpdatePromoCodeDto } from './promo-code.dto.js';
import { promoCodeCommands } from './promo-code-commands.js';
import { parsePaging, readPage } from '../shared/paging.js';
import { DeletedPromoCodeView, PromoCodePage, PromoCodeView } from './promo-code-response.js';
import { PagedList } from '../shared/paged-list.decorator.js';

function view(p: { code: string; percentOff: number; active: boolean; createdAt?: Date | string | null }): PromoCodeView {
  return { id: p.code, code: p.code, percentOff: p.percentOff, active: p.active, createdAt: p.createdAt ?? null };
}

function stateView(s: PromoCodeState) {
  return view({ code: s.code, percentOff: s.percentOff, active: s.active, createdAt: new Date().toISOString() });
}

/** The code is the id (upper-cased); anything that cannot be a code cannot exist: 404. */
function codeParam(id: string): string {
  const code = normalisePromoCode(id ?? '');
  if (!isPromoCode(code)) throw new NotFoundException('Promo code not found');
  return code;
}

@ApiTags('admin: promo codes')
@AdminOnly()
@Controller('admin/promocodes')
export class AdminPromoCodesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly dataSource: DataSource,
  ) {}

  @Get()
  @PagedList('promo-codes', PromoCodePage)
  async getPromoCodes(@Query() query: Record<string, unknown>): Promise<PromoCodePage> {
    const qb = this.dataSource.getRepository(PromoCodeEntity).createQueryBuilder('p').orderBy('p.createdAt', 'DESC').addOrderBy('p.code', 'DESC');
    const { rows, info } = await readPage(qb, parsePaging(query, { size: 20, max: 1000 }));
    return { data: rows.map(view), ...info };
  }

  @Post()
  @ApiCreatedResponse({ type: PromoCodeView })
  async createPromoCode(@Body() dto: CreatePromoCodeDto) {
    const code = normalisePromoCode(dto.code);
    if (!isPromoCode(code)) throw new BadRequestException('Please enter a valid code and discount percentage (1-100)');
    const { state } = await this.commandBus.execute(
      promoCodeCommands(code, [{ type: 'CreatePromoCode', data: { code, percentOff: dto.percentOff, active: dto.active } }]),
    );
    return stateView(state);
  }

  /** Body { active } and/or { percentOff }. */
  @Patch(':id')
  @ApiOkResponse({ type: PromoCodeView })
  async updatePromoCode(@Param('id') id: string, @Body() dto: UpdatePromoCodeDto) {
    const code = codeParam(id);
    if (dto.active === undefined && dto.percentOff === undefined) throw new BadRequestException('Nothing to change: send active and/or percentOff');
    const commands: PromoCodeCommand[] = [];
    if (dto.percentOff !== undefined) commands.push({ type: 'ChangePromoCodePercent', data: { code, percentOff: dto.percentOff } });
    if (dto.active !== undefined) commands.push({ type: dto.active ? 'ActivatePromoCode' : 'DeactivatePromoCode', data: { code } });
    const { state } = await this.commandBus.execute(promoCodeCommands(code, commands));
    return stateView(state);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedPromoCodeView })
  async deletePromoCode(@Param('id') id: string): Promise<DeletedPromoCodeView> {
    const code = codeParam(id);
    await this.commandBus.execute(promoCodeCommands(code, [{ type: 'DeletePromoCode', data: { code } }]));
    return { id: code, code, deleted: true };
  }
}
