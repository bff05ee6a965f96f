import { BadRequestException, ConflictException, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Requires } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { MessageReads, type MessageFilters } from '../../reads/messages.reads.js';
import { parsePaging } from '../shared/paging.js';
import { MESSAGE_STATUSES, MessageDetailView, MessagePage, MessageRetryView, type MessageStatus } from './message-response.js';
import { RetryMessageCommand } from './retry-message.command.js';

/**
 * Messages to customers (docs/adr/023): the outbox the projector fills from the log and delivers.
 * The list holds no personal data; one message's page composes its text from the log, as sent.
 */
@ApiTags('admin: messages')
@AdminOnly('messages.read')
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(
    private readonly messages: MessageReads,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ReadsProjections('customer-messages')
  @ApiOperation({ operationId: 'getMessages' })
  @ApiQuery({ name: 'status', required: false, enum: MESSAGE_STATUSES })
  @ApiQuery({ name: 'orderId', required: false, type: String, description: "One order's messages" })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'size', required: false, type: Number, description: '1 to 200, default 50' })
  @ApiOkResponse({ type: MessagePage })
  list(@Query() query: Record<string, unknown>): Promise<MessagePage> {
    return this.messages.page(parseFilters(query), parsePaging(query, 50));
  }

  @Get(':messageId')
  @ReadsProjections('customer-messages')
  @ApiOperation({ operationId: 'getMessage' })
  @ApiOkResponse({ type: MessageDetailView })
  async one(@Param('messageId', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) messageId: string): Promise<MessageDetailView> {
    const message = await this.messages.one(messageId.toLowerCase());
    if (!message) throw new NotFoundException(`messageId: no message ${messageId}`);
    return message;
  }

  /** Due again now, with the same id (an e-mail keeps its Message-ID): the dispatcher sends it within about a second. */
  @Post(':messageId/retry')
  @Requires('messages.retry')
  @HttpCode(202)
  @ApiOperation({ operationId: 'retryMessage' })
  @ApiResponse({ status: 202, type: MessageRetryView })
  async retry(@Param('messageId', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) messageId: string): Promise<MessageRetryView> {
    const id = messageId.toLowerCase();
    const outcome = await this.commandBus.execute(new RetryMessageCommand(id));
    if (outcome === 'unknown') throw new NotFoundException(`messageId: no message ${messageId}`);
    if (outcome === 'not-retryable') throw new ConflictException('Only a failed message, or one whose delivery is unknown, can be sent again');
    return { id, status: 'pending' };
  }
}

function parseFilters(query: Record<string, unknown>): MessageFilters {
  const filters: MessageFilters = {};
  if (query.status !== undefined && query.status !== '') {
    if (typeof query.status !== 'string' || !(MESSAGE_STATUSES as readonly string[]).includes(query.status)) {
      throw new BadRequestException(`status must be one of ${MESSAGE_STATUSES.join(', ')}`);
    }
    filters.status = query.status as MessageStatus;
  }
  if (query.orderId !== undefined && query.orderId !== '') {
    if (typeof query.orderId !== 'string' || query.orderId.length > 64) throw new BadRequestException('orderId must be an order id');
    filters.orderId = query.orderId.toLowerCase();
  }
  return filters;
}
