/** The shop's own wording of every message, in both languages; the owner may replace any of them (message-template.ts). */
import type { ShopLanguage } from '../shared/shop-language.js';
import type { MessageTemplate, TemplateChannel } from './message-template.js';
import type { MessageKind } from './message-table.js';

type Wording = Record<ShopLanguage, { subject: string; email: string; sms: string }>;

const GREETING = { en: 'Hello {{firstName}},', ar: 'مرحباً {{firstName}}،' };
const SUMMARY = {
  en: 'Order {{orderNumber}}\n{{lines}}\nTotal: {{total}} ({{paymentMethod}})',
  ar: 'الطلب {{orderNumber}}\n{{lines}}\nالإجمالي: {{total}} ({{paymentMethod}})',
};
const SIGNATURE = { en: '— {{shopName}}', ar: '— {{shopName}}' };

function email(language: ShopLanguage, sentence: string): string {
  return `${GREETING[language]}\n\n${sentence}\n\n${SUMMARY[language]}\n\n${SIGNATURE[language]}`;
}

const WORDING: Record<MessageKind, Wording> = {
  orderPlaced: {
    en: { subject: 'We received your order {{orderNumber}}', email: email('en', 'Thank you! We received your order and will call you to confirm it.'), sms: '{{shopName}}: we received your order {{orderNumber}}, total {{total}}. We will call you to confirm it.' },
    ar: { subject: 'استلمنا طلبك {{orderNumber}}', email: email('ar', 'شكراً لك! استلمنا طلبك وسنتصل بك لتأكيده.'), sms: '{{shopName}}: استلمنا طلبك {{orderNumber}}، الإجمالي {{total}}. سنتصل بك لتأكيده.' },
  },
  orderConfirmed: {
    en: { subject: 'Your order {{orderNumber}} is confirmed', email: email('en', 'Your order is confirmed and we are preparing it.'), sms: '{{shopName}}: your order {{orderNumber}} is confirmed and being prepared.' },
    ar: { subject: 'تم تأكيد طلبك {{orderNumber}}', email: email('ar', 'تم تأكيد طلبك ونحن نجهزه الآن.'), sms: '{{shopName}}: تم تأكيد طلبك {{orderNumber}} ونحن نجهزه.' },
  },
  orderShipped: {
    en: { subject: 'Your order {{orderNumber}} is on its way', email: email('en', 'Your order has left us and is on its way to you.{{tracking}}'), sms: '{{shopName}}: your order {{orderNumber}} is on its way.{{tracking}}' },
    ar: { subject: 'طلبك {{orderNumber}} في الطريق إليك', email: email('ar', 'خرج طلبك من عندنا وهو في الطريق إليك.{{tracking}}'), sms: '{{shopName}}: طلبك {{orderNumber}} في الطريق إليك.{{tracking}}' },
  },
  orderEdited: {
    en: { subject: 'Your order {{orderNumber}} was updated', email: email('en', 'As agreed with you, we updated your order. Here it is as it stands now.'), sms: '{{shopName}}: your order {{orderNumber}} was updated, new total {{total}}.' },
    ar: { subject: 'تم تعديل طلبك {{orderNumber}}', email: email('ar', 'كما اتفقنا معك، عدّلنا طلبك. هذا هو الطلب بعد التعديل.'), sms: '{{shopName}}: تم تعديل طلبك {{orderNumber}}، الإجمالي الجديد {{total}}.' },
  },
  // The hold's legal basis in the shopper's words (Law 151/2020: the contract, and legal obligations).
  erasureHeld: {
    en: {
      subject: 'Your request to erase your data: order {{orderNumber}} first',
      email: email('en', 'We received your request to erase your personal data. Your order is not finished yet: under Law 151/2020 on the protection of personal data, we keep what it needs to complete it (delivery, returns) and to meet our legal obligations (refunds, accounts). We will erase your data by ourselves as soon as it is finished; there is nothing you need to do.'),
      sms: '{{shopName}}: we will erase your data once order {{orderNumber}} is finished; until then Law 151/2020 lets us keep what it needs (delivery, returns, refunds).',
    },
    ar: {
      subject: 'طلب حذف بياناتك: بعد اكتمال الطلب {{orderNumber}}',
      email: email('ar', 'استلمنا طلبك بحذف بياناتك الشخصية. طلبك لم يكتمل بعد: وفقاً لقانون حماية البيانات الشخصية رقم ١٥١ لسنة ٢٠٢٠ نحتفظ بما يلزم لإتمامه (التوصيل والاسترجاع) وللوفاء بالتزاماتنا القانونية (المبالغ المستردة والحسابات). سنحذف بياناتك تلقائياً فور اكتماله، ولا يلزمك فعل أي شيء.'),
      sms: '{{shopName}}: سنحذف بياناتك فور اكتمال الطلب {{orderNumber}}، ويسمح لنا القانون رقم ١٥١ لسنة ٢٠٢٠ بالاحتفاظ بما يلزمه حتى ذلك الحين.',
    },
  },
  orderDelivered: {
    en: { subject: 'Your order {{orderNumber}} was delivered', email: email('en', 'Your order was delivered. Enjoy your posters!'), sms: '{{shopName}}: your order {{orderNumber}} was delivered. Enjoy!' },
    ar: { subject: 'تم توصيل طلبك {{orderNumber}}', email: email('ar', 'تم توصيل طلبك. استمتع بملصقاتك!'), sms: '{{shopName}}: تم توصيل طلبك {{orderNumber}}. استمتع!' },
  },
};

export function defaultTemplate(kind: MessageKind, channel: TemplateChannel, language: ShopLanguage): MessageTemplate {
  const w = WORDING[kind][language];
  return { kind, channel, language, subject: channel === 'email' ? w.subject : null, body: channel === 'email' ? w.email : w.sms };
}
