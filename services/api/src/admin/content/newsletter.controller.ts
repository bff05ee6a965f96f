import { BadRequestException, NotFoundException, Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { NewsletterSubscriberCountEntity } from '#read-models/newsletter-subscriber-count.entity.js';
import { NewsletterSubscriberEntity } from '#read-models/newsletter-subscriber.entity.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { Budgeted } from '../../budgets/budget.guard.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { WithoutEventPosition } from '../../common/without-event-position.decorator.js';
import { CSV_BOM, csvRow, fileDate } from '../exports/csv.js';
import { SubscribeToNewsletterCommand, UnsubscribeFromNewsletterCommand } from './newsletter-commands.js';
import { SubscribedView, SubscriberPage, SubscriberView, SubscriptionView } from './content-response.js';
import { lowerLikePattern, maintainedCount, parsePaging, parseSearch, readPage } from '../shared/paging.js';
import { PagedList } from '../shared/paged-list.decorator.js';

export class SubscribeDto {
  @ApiProperty({ example: 'fan@example.com' })
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email!: string;
}

export class UpdateSubscriberDto {
  /** false unsubscribes (the only change a subscriber row supports). */
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'subscribed must be true or false' }) subscribed?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'active must be true or false' }) active?: boolean;
}

function view(s: NewsletterSubscriberEntity): SubscriberView {
  return { id: s.id, email: s.email, subscribedAt: s.subscribedAt, createdAt: s.subscribedAt };
}

/**
 * Anonymous visitors subscribe (footer form); no token needed. A new and an already subscribed
 * address get the same answer, with no position either (only the new one appends).
 */
@ApiTags('public')
@Controller('public/newsletter')
export class PublicNewsletterController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @WithoutEventPosition()
  @Budgeted('newsletter')
  @ApiCreatedResponse({ type: SubscribedView })
  async subscribeToNewsletter(@Body() dto: SubscribeDto): Promise<SubscribedView> {
    const { subscriberId, email } = await this.commandBus.execute(new SubscribeToNewsletterCommand(dto.email));
    return { id: subscriberId, email, message: 'Subscribed successfully' };
  }
}

@ApiTags('admin: newsletter')
@AdminOnly()
@Controller('admin/newsletter')
export class AdminNewsletterController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly dataSource: DataSource,
  ) {}

  @Get()
  @PagedList('newsletter', SubscriberPage, 'In the e-mail address')
  async getSubscribers(@Query() query: Record<string, unknown>): Promise<SubscriberPage> {
    const paging = parsePaging(query, { size: 20, max: 1000 });
    const search = parseSearch(query, 254);
    const subscriberCount = await maintainedCount(this.dataSource, NewsletterSubscriberCountEntity);
    const qb = this.dataSource.getRepository(NewsletterSubscriberEntity).createQueryBuilder('s');
    // The expression of newsletter_subscribers_search_trgm_idx.
    if (search) qb.where('lower(s.email) LIKE :like', { like: lowerLikePattern(search) });
    const { rows, info } = await readPage(qb.orderBy('s.subscribedAt', 'DESC').addOrderBy('s.id', 'DESC'), paging, search ? undefined : subscriberCount);
    return { data: rows.map(view), subscriberCount, ...info };
  }

  /** CSV Email, Subscribed On (file subscribers-{date}.csv), streamed in batches. */
  @Get('export')
  @ReadsProjections('newsletter')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (subscribers-{date}.csv)', schema: { type: 'string' } })
  async exportSubscribers(@Res() res: Response) {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="subscribers-${fileDate()}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.write(CSV_BOM + csvRow(['Email', 'Subscribed On']));
    const repo = this.dataSource.getRepository(NewsletterSubscriberEntity);
    for (let offset = 0; ; offset += 1000) {
      const rows = await repo.find({ order: { subscribedAt: 'ASC', id: 'ASC' }, skip: offset, take: 1000 });
      if (rows.length === 0) break;
      if (!res.write(rows.map((r) => csvRow([r.email, r.subscribedAt.toISOString()])).join(''))) await new Promise((r) => res.once('drain', r));
      if (rows.length < 1000) break;
    }
    res.end();
  }

  @Patch(':id')
  @ApiOkResponse({ type: SubscriptionView })
  async updateSubscriber(@Param('id') id: string, @Body() dto: UpdateSubscriberDto): Promise<SubscriptionView> {
    const subscribed = dto.subscribed ?? dto.active;
    if (subscribed === undefined) throw new BadRequestException('Nothing to change: send subscribed: false to unsubscribe');
    if (subscribed) {
      // Staying subscribed changes nothing; a subscriber that is not listed is a 404.
      const row = await this.dataSource.getRepository(NewsletterSubscriberEntity).findOneBy({ id: id.slice(0, 64) });
      if (!row) throw new NotFoundException('Subscriber not found');
      return { ...view(row), subscribed: true };
    }
    return this.deleteSubscriber(id);
  }

  @Delete(':id')
  @ApiOkResponse({ type: SubscriptionView })
  async deleteSubscriber(@Param('id') id: string): Promise<SubscriptionView> {
    await this.commandBus.execute(new UnsubscribeFromNewsletterCommand(id.slice(0, 64)));
    return { id, subscribed: false, deleted: true };
  }
}
