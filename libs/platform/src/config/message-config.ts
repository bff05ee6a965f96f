/**
 * Delivery of customer messages, configured by environment (README "Customer messages"):
 *   SMTP_URL            smtp://user:pass@host:587 (or smtps://…); absent: e-mails go to the log provider
 *   SMTP_FROM           the From address (default "Poster Shop <no-reply@localhost>"); Arabic e-mails
 *                       come from the same address under the shop's Arabic name
 *   ARABIC_DIGITS       arabic-indic (default) | latin: the digits of Arabic messages, as of the storefront
 *   MESSAGE_ID_DOMAIN   the right-hand side of every Message-ID (default the From address's domain)
 *   MESSAGE_PHONE_PROVIDER  log (default) | none; how to add SMS or WhatsApp: docs/messages-providers.md
 *   MESSAGE_PHONE_CHANNEL   sms (default) | whatsapp: what the phone provider sends
 *   MESSAGE_HOLD_MS     how long a status message waits for the back-office's undo (default 15000; the web's undo is 5 s)
 *   MESSAGE_MAX_ATTEMPTS, MESSAGE_RETRY_BASE_MS, MESSAGE_RETRY_MAX_MS, MESSAGE_MAX_AGE_MS, MESSAGE_POLL_MS
 */
import type { PhoneProviderKind } from '#domain/messages/compose-message.js';
import type { ArabicDigits } from '#domain/shared/customer-words.js';
import { arabicDigitsFromEnv } from './customer-text-config.js';

export interface MessageConfig {
  smtpUrl: string | null;
  from: string;
  messageIdDomain: string;
  phoneProvider: 'log' | 'none';
  phoneChannel: PhoneProviderKind;
  holdMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** A message whose fact is older than this when first due is not sent (a new install's history). */
  maxAgeMs: number;
  pollMs: number;
  /** How long an attempt may take before another replica may take the message over. */
  leaseMs: number;
  /** How Arabic messages write numbers: the shop's one setting, which the storefront reads too. */
  arabicDigits: ArabicDigits;
}

export const DEFAULT_HOLD_MS = 15_000;

export function messageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MessageConfig {
  const from = env.SMTP_FROM?.trim() || 'Poster Shop <no-reply@localhost>';
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    smtpUrl: env.SMTP_URL?.trim() || null,
    from,
    messageIdDomain: env.MESSAGE_ID_DOMAIN?.trim() || fromDomain,
    phoneProvider: env.MESSAGE_PHONE_PROVIDER?.trim() === 'none' ? 'none' : 'log',
    phoneChannel: env.MESSAGE_PHONE_CHANNEL?.trim() === 'whatsapp' ? 'whatsapp' : 'sms',
    holdMs: nonNegative(env.MESSAGE_HOLD_MS, DEFAULT_HOLD_MS),
    maxAttempts: nonNegative(env.MESSAGE_MAX_ATTEMPTS, 6) || 1,
    retryBaseMs: nonNegative(env.MESSAGE_RETRY_BASE_MS, 30_000),
    retryMaxMs: nonNegative(env.MESSAGE_RETRY_MAX_MS, 60 * 60_000),
    maxAgeMs: nonNegative(env.MESSAGE_MAX_AGE_MS, 3 * 24 * 60 * 60_000),
    pollMs: nonNegative(env.MESSAGE_POLL_MS, 1000) || 1000,
    leaseMs: nonNegative(env.MESSAGE_LEASE_MS, 60_000) || 60_000,
    arabicDigits: arabicDigitsFromEnv(env),
  };
}

function nonNegative(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}
