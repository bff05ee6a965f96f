import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { composeMessage, orderNowFrom, parcelTrackingUrl } from '#domain/messages/compose-message.js';
import { isMessageKind } from '#domain/messages/message-table.js';
import { honestOutcome } from '#domain/messages/not-sent.js';
import { couriersStream, messageTemplatesStream, orderStream } from '#domain/streams.js';
import { templatesFrom } from '#domain/messages/template-set.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { messageConfigFromEnv } from '#platform/config/message-config.js';
import { OUTBOX_TABLE } from '#read-models/projections/customer-messages.reactor.js';
import type { Paging } from '../admin/shared/paging.js';
import type { MessageDetailView, MessagePage, MessageStatus, MessageView } from '../admin/messages/message-response.js';
import { EVENT_STORE } from '../common/tokens.js';

export interface MessageFilters {
  status?: MessageStatus;
  orderId?: string;
}

interface Row {
  message_id: string;
  order_id: string;
  order_number: string;
  kind: string;
  channel: 'email' | 'phone';
  status: MessageStatus;
  attempts: number;
  provider: string | null;
  last_error: string | null;
  fact_at: Date;
  next_attempt_at: Date;
  sent_at: Date | null;
}

/** A person may send again what failed, or what was interrupted where a repeat cannot be told apart. */
export const RETRYABLE: ReadonlySet<MessageStatus> = new Set(['failed', 'unknown']);

/** The outbox (projector.customer_messages, docs/adr/023), newest fact first. */
@Injectable()
export class MessageReads {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async page(filters: MessageFilters, paging: Paging): Promise<MessagePage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filters.status) where.push(`status = $${params.push(filters.status)}`);
    if (filters.orderId) where.push(`order_id = $${params.push(filters.orderId)}`);
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM ${OUTBOX_TABLE} ${clause}`, params);
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM ${OUTBOX_TABLE} ${clause} ORDER BY fact_at DESC, message_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, paging.size, (paging.page - 1) * paging.size],
    );
    const totalPages = Math.max(1, Math.ceil(n / paging.size));
    return {
      currentPage: paging.page, totalPages, totalItems: n, itemsPerPage: paging.size,
      hasNextPage: paging.page < totalPages, hasPreviousPage: paging.page > 1,
      data: rows.map(view),
    };
  }

  async one(id: string): Promise<MessageDetailView | undefined> {
    const [row]: Row[] = await this.dataSource.query(`SELECT * FROM ${OUTBOX_TABLE} WHERE message_id = $1`, [id]);
    if (!row) return undefined;
    const config = messageConfigFromEnv();
    const order = orderNowFrom(await this.store.readStream(orderStream(row.order_id)));
    const templates = templatesFrom(await this.store.readStream(messageTemplatesStream()));
    const tracking = order ? parcelTrackingUrl(order, await this.store.readStream(couriersStream())) : null;
    const message = order && isMessageKind(row.kind) ? composeMessage(row.kind, row.channel, order.order, config.phoneChannel, templates, tracking, config.arabicDigits) : undefined;
    return {
      ...view(row),
      language: order?.order.language ?? 'en',
      to: message?.to ?? null,
      subject: message?.subject ?? null,
      body: message?.body ?? null,
      whatsapp: message?.whatsapp ?? null,
    };
  }
}

function view(r: Row): MessageView {
  return honestOutcome({
    id: r.message_id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    kind: r.kind,
    channel: r.channel,
    status: r.status,
    attempts: r.attempts,
    provider: r.provider,
    lastError: r.last_error,
    factAt: new Date(r.fact_at).toISOString(),
    nextAttemptAt: new Date(r.next_attempt_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    retryable: RETRYABLE.has(r.status),
  });
}
