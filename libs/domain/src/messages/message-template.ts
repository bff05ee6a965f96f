/**
 * Message templates: text with {{placeholder}}s, per kind, channel and language. A template is
 * plain text (an e-mail's HTML part is laid out from it and escaped, email-html.ts), so it holds no
 * markup: a tag in a template is refused rather than escaped, because an owner who types one
 * expects it to do something it never will.
 */
import { withoutBidiControls } from '../shared/bidi-text.js';
import { DomainError } from '../shared/domain-error.js';
import type { ShopLanguage } from '../shared/shop-language.js';
import type { MessageKind } from './message-table.js';

/** The channels a template is written for; WhatsApp sends pre-approved templates only (whatsapp-templates.ts). */
export const TEMPLATE_CHANNELS = ['email', 'sms'] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

/** {{tracking}}: a sentence with the courier's tracking link once the parcel has one, else nothing. */
export const PLACEHOLDERS = ['firstName', 'orderNumber', 'lines', 'total', 'paymentMethod', 'shopName', 'tracking'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type MessageValues = Readonly<Record<Placeholder, string>>;

export interface MessageTemplate {
  kind: MessageKind;
  channel: TemplateChannel;
  language: ShopLanguage;
  /** E-mail only; null for SMS. */
  subject: string | null;
  body: string;
}

export const TEMPLATE_LIMITS = { subject: 200, email: 5000, sms: 480 } as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** Anything an HTML reader would take for markup: a tag, a comment, a declaration. */
const MARKUP = /<\s*[a-zA-Z!/?]/;

/** Unknown placeholders, markup and overlong or empty text, each named by its field (subject, body). */
export function validateTemplate(template: Pick<MessageTemplate, 'channel' | 'subject' | 'body'>): void {
  const errors: Record<string, string> = {};
  const fields: [string, string | null, number][] = [
    ['subject', template.channel === 'email' ? template.subject : null, TEMPLATE_LIMITS.subject],
    ['body', template.body, template.channel === 'email' ? TEMPLATE_LIMITS.email : TEMPLATE_LIMITS.sms],
  ];
  for (const [field, text, limit] of fields) {
    if (text === null) {
      if (field === 'subject' && template.channel === 'email') errors[field] = 'An e-mail needs a subject';
      continue;
    }
    if (text.trim() === '') errors[field] = `${field} must not be empty`;
    else if (text.length > limit) errors[field] = `${field} is longer than ${limit} characters`;
    else if (MARKUP.test(text)) errors[field] = `${field} must be plain text: no HTML tags`;
    else {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) errors[field] = `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `{{${p}}}`).join(', ')}; known: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`;
    }
  }
  const first = Object.keys(errors)[0];
  if (first) throw DomainError.validation('TEMPLATE_INVALID', errors[first], errors);
}

export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(match[1])) unknown.add(match[1]);
  }
  return [...unknown];
}

/**
 * The text with each placeholder filled; values are inserted as they are, never read as
 * placeholders again. The template's own embedding, override and isolate characters are dropped
 * first, so none can turn the sentence, or a value, around; the values bring their own isolates.
 */
export function fill(text: string, values: MessageValues): string {
  return withoutBidiControls(text).replace(PLACEHOLDER, (whole, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole));
}

export interface RenderedText {
  subject: string | null;
  body: string;
}

export function renderTemplate(template: Pick<MessageTemplate, 'subject' | 'body'>, values: MessageValues): RenderedText {
  return { subject: template.subject === null ? null : fill(template.subject, values), body: fill(template.body, values) };
}
