/**
 * WhatsApp's business API sends only templates Meta approved beforehand, by name and language,
 * with positional parameters; never free text. These are the names the shop's templates must be
 * registered under (docs/messages-providers.md), and the values each one takes, in order.
 */
import type { ShopLanguage } from '../shared/shop-language.js';
import type { MessageValues, Placeholder } from './message-template.js';
import type { MessageKind } from './message-table.js';

export interface WhatsAppMessage {
  template: string;
  /** WhatsApp's language code of the approved translation. */
  language: 'en' | 'ar';
  parameters: string[];
}

const WHATSAPP: Readonly<Record<MessageKind, { template: string; parameters: readonly Placeholder[] }>> = {
  orderPlaced: { template: 'order_placed', parameters: ['firstName', 'orderNumber', 'total'] },
  orderConfirmed: { template: 'order_confirmed', parameters: ['firstName', 'orderNumber'] },
  orderShipped: { template: 'order_shipped', parameters: ['firstName', 'orderNumber'] },
  orderDelivered: { template: 'order_delivered', parameters: ['firstName', 'orderNumber'] },
  orderEdited: { template: 'order_updated', parameters: ['firstName', 'orderNumber', 'total'] },
  erasureHeld: { template: 'erasure_held', parameters: ['firstName', 'orderNumber'] },
};

export function whatsAppMessage(kind: MessageKind, language: ShopLanguage, values: MessageValues): WhatsAppMessage {
  const t = WHATSAPP[kind];
  return { template: t.template, language, parameters: t.parameters.map((p) => values[p]) };
}
