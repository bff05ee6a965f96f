import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { TEMPLATE_CHANNELS, PLACEHOLDERS } from '#domain/messages/message-template.js';
import { MESSAGE_KINDS } from '#domain/messages/message-table.js';
import { allTemplates, messageTemplatesDecider, previewTemplate, templatesFrom } from '#domain/messages/template-set.js';
import { SHOP_LANGUAGES } from '#domain/shared/shop-language.js';
import { messageTemplatesStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { staffActorOf, type AdminPrincipal } from '../../auth/admin-token.service.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';
import { EVENT_STORE } from '../../common/tokens.js';

export class MessageTemplateDto {
  @ApiProperty({ enum: MESSAGE_KINDS }) kind!: string;
  @ApiProperty({ enum: TEMPLATE_CHANNELS }) channel!: string;
  @ApiProperty({ enum: SHOP_LANGUAGES }) language!: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'E-mail only' }) subject?: string | null;
  @ApiProperty({ description: `Plain text with placeholders: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}; HTML is refused` }) body!: string;
}

export class MessageTemplateView {
  @ApiProperty({ enum: MESSAGE_KINDS }) kind!: string;
  @ApiProperty({ enum: TEMPLATE_CHANNELS }) channel!: string;
  @ApiProperty({ enum: SHOP_LANGUAGES }) language!: string;
  @ApiProperty({ type: String, nullable: true }) subject!: string | null;
  @ApiProperty() body!: string;
  @ApiProperty({ description: "Whether the owner replaced the shop's own wording" }) custom!: boolean;
}

export class MessagePreviewView {
  @ApiProperty({ type: String, nullable: true }) subject!: string | null;
  @ApiProperty() body!: string;
}

/**
 * The wording of customer messages (docs/adr/023): every template in force, a change (appended to
 * `messagetemplates`; later messages use it), and a preview on a made-up order. Unknown
 * placeholders and HTML are a 400 naming the field.
 */
@ApiTags('admin: messages')
@AdminOnly('messages.templates')
@Controller('admin/message-templates')
export class MessageTemplatesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'getMessageTemplates' })
  @ApiOkResponse({ type: [MessageTemplateView] })
  async list(): Promise<MessageTemplateView[]> {
    return allTemplates(templatesFrom(await this.store.readStream(messageTemplatesStream())));
  }

  @Put()
  @ApiOperation({ operationId: 'saveMessageTemplate' })
  @ApiBody({ type: MessageTemplateDto })
  @ApiOkResponse({ type: [MessageTemplateView] })
  async save(@Body() body: unknown, @CurrentAdmin() admin: AdminPrincipal): Promise<MessageTemplateView[]> {
    await this.commandBus.execute(
      new ExecuteDeciderCommand({ stream: messageTemplatesStream(), decider: messageTemplatesDecider, command: { type: 'ChangeMessageTemplate', data: { template: body, by: staffActorOf(admin) } }, retries: 2 }),
    );
    return this.list();
  }

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({ operationId: 'previewMessageTemplate' })
  @ApiBody({ type: MessageTemplateDto })
  @ApiOkResponse({ type: MessagePreviewView })
  preview(@Body() body: unknown): MessagePreviewView {
    return previewTemplate(body);
  }
}
