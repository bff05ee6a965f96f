import { createHash } from 'node:crypto';
import type { MessageChannel } from './compose-message.js';

/**
 * A message's id, derived from the fact and the channel: the reactor that writes it twice (a
 * crash before its checkpoint moved) writes the same row, and every attempt sends the same
 * Message-ID, so a receiver can drop a repeat. UUID-shaped (version 8, name-based).
 */
export function messageIdFor(eventId: string, channel: MessageChannel): string {
  const h = createHash('sha256').update(`message:${eventId}:${channel}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The SMTP Message-ID of a message: stable across retries and replicas. */
export function smtpMessageId(messageId: string, domain: string): string {
  return `<${messageId}@${domain}>`;
}
