/**
 * The templates in force: the owner's latest of each kind, channel and language, else the shop's
 * own (default-templates.ts). A change is validated here, and only here, naming the bad field.
 */
import type { StaffActor } from '../admin/staff-actor.js';
import { DomainError } from '../shared/domain-error.js';
import { isShopLanguage, SHOP_LANGUAGES, type ShopLanguage } from '../shared/shop-language.js';
import { defaultTemplate } from './default-templates.js';
import type { MessageTemplateChanged } from './events.js';
import { renderTemplate, TEMPLATE_CHANNELS, validateTemplate, type MessageTemplate, type RenderedText, type TemplateChannel } from './message-template.js';
import { isMessageKind, MESSAGE_KINDS, type MessageKind } from './message-table.js';
import { orderMessageValues } from './order-message-values.js';

export type TemplateLookup = (kind: MessageKind, channel: TemplateChannel, language: ShopLanguage) => MessageTemplate | undefined;

const key = (kind: string, channel: string, language: string) => `${kind}/${channel}/${language}`;

/** The owner's templates as the stream tells them; undefined where the shop's own stands. */
export function templatesFrom(events: readonly { type: string; data: unknown }[]): TemplateLookup {
  const chosen = new Map<string, MessageTemplate>();
  for (const e of events) {
    if (e.type !== 'MessageTemplateChanged') continue;
    const d = e.data as MessageTemplateChanged['data'];
    chosen.set(key(d.kind, d.channel, d.language), { kind: d.kind, channel: d.channel, language: d.language, subject: d.subject, body: d.body });
  }
  return (kind, channel, language) => chosen.get(key(kind, channel, language));
}

export interface TemplateInForce extends MessageTemplate {
  /** Whether the owner replaced the shop's own. */
  custom: boolean;
}

export function allTemplates(lookup: TemplateLookup): TemplateInForce[] {
  return MESSAGE_KINDS.flatMap((kind) =>
    TEMPLATE_CHANNELS.flatMap((channel) =>
      SHOP_LANGUAGES.map((language) => {
        const own = lookup(kind, channel, language);
        return { ...(own ?? defaultTemplate(kind, channel, language)), custom: own !== undefined };
      }),
    ),
  );
}

/** A template as typed: kind, channel and language known, text valid; a 400 naming each bad field otherwise. */
export function parseTemplate(input: unknown): MessageTemplate {
  const raw = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!isMessageKind(raw.kind)) errors.kind = `kind must be one of ${MESSAGE_KINDS.join(', ')}`;
  if (!(TEMPLATE_CHANNELS as readonly unknown[]).includes(raw.channel)) errors.channel = `channel must be one of ${TEMPLATE_CHANNELS.join(', ')}`;
  if (!isShopLanguage(raw.language)) errors.language = `language must be one of ${SHOP_LANGUAGES.join(', ')}`;
  if (typeof raw.body !== 'string') errors.body = 'body must be text';
  if (raw.subject !== undefined && raw.subject !== null && typeof raw.subject !== 'string') errors.subject = 'subject must be text';
  const first = Object.keys(errors)[0];
  if (first) throw DomainError.validation('TEMPLATE_INVALID', errors[first], errors);
  const channel = raw.channel as TemplateChannel;
  const template: MessageTemplate = {
    kind: raw.kind as MessageKind,
    channel,
    language: raw.language as ShopLanguage,
    subject: channel === 'email' ? ((raw.subject as string | null | undefined) ?? null) : null,
    body: raw.body as string,
  };
  validateTemplate(template);
  return template;
}

export function changeTemplate(input: unknown, by: StaffActor): MessageTemplateChanged {
  const t = parseTemplate(input);
  return { type: 'MessageTemplateChanged', data: { kind: t.kind, channel: t.channel, language: t.language, subject: t.subject, body: t.body, by } };
}

/** What a template says for a made-up order: the editor's preview. */
export function previewTemplate(input: unknown): RenderedText {
  const t = parseTemplate(input);
  return renderTemplate(t, orderMessageValues(t.language === 'ar' ? SAMPLE_AR : SAMPLE_EN));
}

const SAMPLE_EN = {
  orderNumber: 'PS-7KQ4-M2XD',
  language: 'en' as const,
  paymentMethod: 'COD' as const,
  customer: { firstName: 'Mona', lastName: 'Adel', phone: '01012345678', email: 'mona@example.com', addressLine: '12 Nile Corniche', building: '4', apartment: '7', city: 'Maadi', governorate: 'CAIRO' as const, latitude: 30, longitude: 31, notes: null },
  items: [
    { itemId: 'i1', kind: 'poster' as const, posterId: 'p1', productId: null, variantId: null, name: 'Nile at Dusk', nameAr: 'النيل عند الغروب', category: 'ART', imageUrl: null, customImagePath: null, size: 'SIZE_30x40' as const, quantity: 2, unitPrice: 42000, originalUnitPrice: 42000, discountPercentage: 0, lineTotal: 84000, priceRules: [] },
  ],
  totals: { subtotal: 84000, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: 6000, codFee: 2000, taxAmount: 11300, total: 92000 },
};
const SAMPLE_AR = { ...SAMPLE_EN, language: 'ar' as const, customer: { ...SAMPLE_EN.customer, firstName: 'منى' } };

/** The `messagetemplates` stream as a decider: the owner's templates by key; a change that says nothing new appends nothing. */
export type MessageTemplatesState = Readonly<Record<string, MessageTemplate>>;
export type ChangeMessageTemplate = { type: 'ChangeMessageTemplate'; data: { template: unknown; by: StaffActor } };

export const messageTemplatesDecider = {
  initialState: {} as MessageTemplatesState,
  decide(command: ChangeMessageTemplate, state: MessageTemplatesState): MessageTemplateChanged[] {
    const event = changeTemplate(command.data.template, command.data.by);
    const d = event.data;
    const now = state[key(d.kind, d.channel, d.language)] ?? defaultTemplate(d.kind, d.channel, d.language);
    return now.subject === d.subject && now.body === d.body ? [] : [event];
  },
  evolve(state: MessageTemplatesState, event: MessageTemplateChanged): MessageTemplatesState {
    const d = event.data;
    return { ...state, [key(d.kind, d.channel, d.language)]: { kind: d.kind, channel: d.channel, language: d.language, subject: d.subject, body: d.body } };
  },
};
