/**
 * What a message the shop could not send reads as. The embedded `log` provider hands nothing to
 * anyone: a row it took is not sent, and an owner reading "sent" would believe the shopper was told.
 */
import type { MessageChannel } from './compose-message.js';

/** The name the embedded provider is recorded under (older rows say it took them, as if sent). */
export const LOG_PROVIDER = 'log';

export function noProviderReason(channel: MessageChannel): string {
  return channel === 'email' ? 'not sent: no e-mail provider configured' : 'not sent: no SMS provider configured';
}

export interface MessageOutcome {
  channel: MessageChannel;
  status: string;
  provider: string | null;
  lastError: string | null;
}

/** A row as staff read it: one the log provider "sent" (rows written before it said otherwise) reads as not sent. */
export function honestOutcome<T extends MessageOutcome>(row: T): T {
  if (row.provider !== LOG_PROVIDER) return row;
  return { ...row, status: row.status === 'sent' ? 'skipped' : row.status, provider: null, lastError: row.lastError ?? noProviderReason(row.channel) } as T;
}
