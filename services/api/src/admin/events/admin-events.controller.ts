import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { parseCursor, parseEventLogFilters, parseOrder } from './event-log-filters.js';
import { parsePageSize } from '../shared/paging.js';
import { EVENT_LOG_QUERY, eventForReader, type EventLogQuery } from './event-log.query.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import type { AdminPrincipal } from '../../auth/admin-token.service.js';
import { readerPermissions } from '../shared/reader.js';
import { parsePosition } from '#event-store/event-store.port.js';
import { EventLogPage } from './event-log-response.js';

/** The analyst's window on the event log: browse with filters, or stream a window as NDJSON; personal fields withheld without customers.read. */
@ApiTags('admin: event log')
@AdminOnly('analytics.read')
@Controller('admin/events')
export class AdminEventsController {
  constructor(@Inject(EVENT_LOG_QUERY) private readonly log: EventLogQuery) {}

  @Get()
  @ApiQuery({ name: 'stream', required: false, description: "exact name, or a prefix ending in '-' or '*' (order-*)" })
  @ApiQuery({ name: 'type', required: false, description: 'event type(s), comma-separated' })
  @ApiQuery({ name: 'from', required: false }) @ApiQuery({ name: 'to', required: false })
  @ApiQuery({ name: 'correlationId', required: false })
  @ApiQuery({ name: 'after', required: false, description: 'nextCursor of the previous page' })
  @ApiQuery({ name: 'limit', required: false }) @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'] })
  @ApiOkResponse({ type: EventLogPage })
  async getEvents(@Query() q: Record<string, unknown>, @CurrentAdmin() admin: AdminPrincipal): Promise<EventLogPage> {
    const permissions = readerPermissions(admin);
    const page = await this.log.page(parseEventLogFilters(q), { after: parseCursor(q.after), limit: parsePageSize(q.limit, 'limit', 50), order: parseOrder(q.order) });
    return { ...page, data: page.data.map((e) => eventForReader(e, permissions)) };
  }

  /** One JSON event per line, oldest first, page by page so memory stays flat. */
  @Get('export')
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({ description: 'One JSON event per line, oldest first', schema: { type: 'string' } })
  async exportEvents(@Query() q: Record<string, unknown>, @Res() res: Response, @CurrentAdmin() admin: AdminPrincipal) {
    const filters = parseEventLogFilters(q);
    const permissions = readerPermissions(admin);
    let after = parseCursor(q.after);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="events-${new Date().toISOString().slice(0, 10)}.ndjson"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      for (;;) {
        const page = await this.log.page(filters, { after, limit: 500, order: 'asc' });
        if (page.data.length && !res.write(page.data.map((e) => JSON.stringify(eventForReader(e, permissions))).join('\n') + '\n')) await new Promise((r) => res.once('drain', r));
        if (!page.nextCursor || res.destroyed) break;
        after = parsePosition(page.nextCursor);
      }
    } catch (e) {
      // Before the first line the error filter can still answer; after it, only a cut connection
      // tells the client the file is incomplete (an open response would hang it).
      if (!res.headersSent) throw e;
      res.destroy(e as Error);
      return;
    }
    res.end();
  }
}
