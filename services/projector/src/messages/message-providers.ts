/**
 * Where a message leaves the shop. One interface for every channel; `stableId` says whether the
 * receiver can drop a repeat (SMTP's Message-ID): only then is an attempt whose outcome is unknown
 * (the process died mid-send) tried again by itself. Otherwise it waits for a person's retry.
 */
import nodemailer from 'nodemailer';
import { smtpMessageId } from '#domain/messages/message-id.js';
import { emailHtml, senderFor } from '#domain/messages/email-html.js';
import { LOG_PROVIDER } from '#domain/messages/not-sent.js';
import type { OutgoingMessage } from '#domain/messages/compose-message.js';

export interface MessageProvider {
  /** Recorded on the row: which provider took it (smtp, log, …). */
  readonly name: string;
  readonly stableId: boolean;
  /** False for a provider that hands nothing to anyone: its rows are recorded as not sent. */
  readonly delivers: boolean;
  send(message: OutgoingMessage, messageId: string): Promise<void>;
}

/**
 * The embedded default: sends nothing, so its rows are recorded as not sent (no provider
 * configured); the Messages page still shows what would have been sent (composed from the log).
 */
export const logProvider: MessageProvider = { name: LOG_PROVIDER, stableId: true, delivers: false, send: async () => undefined };

/**
 * E-mail over SMTP, in the order's language: a plain-text part and an HTML part of the same words,
 * from the shop's name in that language, with a Message-ID derived from the message's id.
 */
export function smtpProvider(url: string, from: string, messageIdDomain: string): MessageProvider & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    stableId: true,
    delivers: true,
    async send(message, messageId) {
      await transport.sendMail({
        from: senderFor(from, message.language),
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
        html: emailHtml(message.subject ?? '', message.body, message.language),
        messageId: smtpMessageId(messageId, messageIdDomain),
        headers: { 'Content-Language': message.language, 'X-Shop-Message-Id': messageId },
      });
    },
    close: () => transport.close(),
  };
}
