/** The owner's wording of customer messages (`messagetemplates`, one stream for the shop). */
import type { StaffActor } from '../admin/staff-actor.js';
import type { DomainEvent } from '../shared/event.js';
import type { ShopLanguage } from '../shared/shop-language.js';
import type { TemplateChannel } from './message-template.js';
import type { MessageKind } from './message-table.js';

/** A template replaced: later messages of that kind, channel and language use it. */
export type MessageTemplateChanged = DomainEvent<'MessageTemplateChanged', {
  kind: MessageKind;
  channel: TemplateChannel;
  language: ShopLanguage;
  /** E-mail only; null for SMS. */
  subject: string | null;
  body: string;
  by: StaffActor;
}>;

export type MessageTemplateEvent = MessageTemplateChanged;
const messageTemplateEventTypes: Record<MessageTemplateEvent['type'], true> = { MessageTemplateChanged: true };
export const MESSAGE_TEMPLATE_EVENT_TYPES = Object.keys(messageTemplateEventTypes) as MessageTemplateEvent['type'][];
