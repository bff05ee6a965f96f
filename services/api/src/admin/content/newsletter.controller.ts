import { BadRequestException, Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { Budgeted } from '../../budgets/budget.guard.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { NewsletterReads } from '../../reads/newsletter.reads.js';
import { WithoutEventPosition } from '../../common/without-event-position.decorator.js';
import { CSV_BOM, csvRow, fileDate } from '../exports/csv.js';
import { SubscribeToNewsletterCommand, UnsubscribeFromNewsletterCommand } from './newsletter-commands.js';
import { SubscribedView, SubscriberPage, SubscriptionView } from './content-response.js';
import { parsePaging, parseSearch } from '../shared/paging.js';
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
@AdminOnly('customers.read')
@Controller('admin/newsletter')
export class AdminNewsletterController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly subscribers: NewsletterReads,
  ) {}

  @Get()
  @PagedList('newsletter', SubscriberPage, 'In the e-mail address')
  getSubscribers(@Query() query: Record<string, unknown>): Promise<SubscriberPage> {
    return this.subscribers.page(parsePaging(query, 20), parseSearch(query, 254));
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
    for await (const rows of this.subscribers.batches()) {
      if (!res.write(rows.map((r) => csvRow([r.email, r.subscribedAt.toISOString()])).join(''))) await new Promise((r) => res.once('drain', r));
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
      return { ...(await this.subscribers.byId(id)), subscribed: true };
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
