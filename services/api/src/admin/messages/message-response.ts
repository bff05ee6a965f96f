import { ApiProperty } from '@nestjs/swagger';
import { MESSAGE_CHANNELS } from '#domain/messages/compose-message.js';
import { MESSAGE_KINDS } from '#domain/messages/message-table.js';
import { PaginationFields } from '../../catalog/poster-response.js';

export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unknown', 'canceled', 'skipped', 'expired'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** One message the shop owes or owed a shopper: no personal data (the text is on its own page). */
export class MessageView {
  @ApiProperty({ format: 'uuid', description: 'Stable across retries: the e-mail\'s Message-ID is <id@domain>' }) id!: string;
  @ApiProperty() orderId!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty({ enum: MESSAGE_KINDS }) kind!: string;
  @ApiProperty({ enum: MESSAGE_CHANNELS }) channel!: string;
  @ApiProperty({
    enum: MESSAGE_STATUSES,
    description: 'pending (held or due), sending, sent, failed (out of attempts), unknown (interrupted on a channel that cannot drop a repeat), canceled (undone or erased), skipped (no address or provider), expired (too old when first due)',
  })
  status!: MessageStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Which provider took it: smtp, log, …' }) provider!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed or was not sent' }) lastError!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the fact it tells of happened' }) factAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Next attempt (pending), or when it was first due' }) nextAttemptAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt!: string | null;
  @ApiProperty({ description: 'Whether a person may send it again now' }) retryable!: boolean;
}

export class MessagePage extends PaginationFields {
  @ApiProperty({ type: () => [MessageView] }) data!: MessageView[];
}

export class WhatsAppView {
  @ApiProperty() template!: string;
  @ApiProperty() language!: string;
  @ApiProperty({ type: [String] }) parameters!: string[];
}

/** A message with what it says, composed from the log as it is sent (personal data). */
export class MessageDetailView extends MessageView {
  @ApiProperty({ enum: ['en', 'ar'] }) language!: string;
  @ApiProperty({ type: String, nullable: true, description: 'E-mail address or phone; null when the shopper was erased or gave none' }) to!: string | null;
  @ApiProperty({ type: String, nullable: true }) subject!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The text; null when the shopper was erased or gave no address' }) body!: string | null;
  @ApiProperty({ type: WhatsAppView, nullable: true }) whatsapp!: WhatsAppView | null;
}

export class MessageRetryView {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['pending'] }) status!: 'pending';
}
