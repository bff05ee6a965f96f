import type { StaffWording, StaffWordingArgs, StaffWordingCode } from '../../../../libs/domain/src/admin/staff-wording';
import { formatMoney } from '../../lib/money';
import { sizeLabel } from '../orders/order-model';
import { governorateName, statusName } from './names';

/*
 * The back-office's one catalogue of what the server reports to staff as a code and its
 * arguments (an order's history, a refused form field). One entry per language: a second
 * language is a second `StaffCatalogue`, checked by the compiler to word every code and name
 * every field the first one does.
 */

export type StaffLanguage = 'en';

interface StaffCatalogue {
  /** One sentence per code. */
  says: { [C in StaffWordingCode]: (args: StaffWordingArgs[C]) => string };
  /** A form field as staff call it, at the start of a sentence ("The tracking link"). */
  fields: Readonly<Record<string, string>>;
  /** An order field named in an edit or a correction, within a sentence ("the phone"). */
  orderFields: Readonly<Record<string, string>>;
  /** An order's money figures, within a sentence. */
  figures: Readonly<Record<string, string>>;
  /** How a courier's settlement line ended. */
  settlementOutcomes: Readonly<Record<string, string>>;
  /** A status as the end of "marked as …". */
  status: (code: string | null) => string;
  /** A status move just made, in a toast. */
  markedAs: (orderNumber: string, status: string) => string;
  /** A list read aloud: "a, b and c". */
  list: (items: readonly string[]) => string;
  /** "1 item", "2 items". */
  items: (n: number) => string;
}

const englishList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const money = (egp: number) => formatMoney(egp, 'en');
const withReason = (sentence: string, reason: string | null) => (reason ? `${sentence}. Reason: ${reason}` : sentence);
/** A name the catalogue lacks is shown spelled out (trackingUrlTemplate → tracking url template), never as code. */
const spelledOut = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ').toLowerCase();

const en: StaffCatalogue = {
  says: {
    'order.placed': (a) =>
      `Order ${a.orderNumber} placed with ${en.items(a.items)} for ${money(a.total)}, ${a.paymentMethod === 'COD' ? 'cash on delivery' : `paid by ${a.paymentMethod.toLowerCase()}`}` +
      (a.promoCode ? `, promo code ${a.promoCode}` : ''),
    'order.statusChanged': (a) =>
      withReason(
        `Marked as ${en.status(a.to)}${a.from ? ` (was ${en.status(a.from)})` : ''}` +
          (a.courier ? `; handed to ${a.courier}${a.trackingNumber ? `, tracking number ${a.trackingNumber}` : ''}` : ''),
        a.reason,
      ),
    'order.statusCorrected': (a) => withReason(`Back to ${en.status(a.to)}, undoing ${en.status(a.from)}`, a.reason),
    'order.detailsCorrected': (a) => `Customer details corrected: ${en.list(a.fields.map((f) => en.orderFields[f] ?? spelledOut(f))) || 'no field named'}`,
    'order.edited': (a) => {
      const parts: string[] = [];
      const personal = a.fields.filter((f) => f !== 'governorate' && f !== 'lines' && f !== 'paymentMethod');
      if (personal.length > 0) parts.push(`changed ${en.list(personal.map((f) => en.orderFields[f] ?? spelledOut(f)))}`);
      if (a.governorate) parts.push(`moved from ${governorateName(a.governorate.from)} to ${governorateName(a.governorate.to)}`);
      if (a.lines) {
        const line = (l: { name: string; size: string | null; quantity: number }) => `${l.quantity} × ${l.name}${l.size ? ` (${sizeLabel(l.size)})` : ''}`;
        parts.push(`posters now ${a.lines.to.map(line).join(', ') || 'none'} (were ${a.lines.from.map(line).join(', ') || 'none'})`);
      }
      for (const t of a.totals) parts.push(`${en.figures[t.figure] ?? spelledOut(t.figure)} ${money(t.to)} (was ${money(t.from)})`);
      return withReason(`Order edited${parts.length ? `: ${parts.join('; ')}` : ''}`, a.reason);
    },
    'order.noteAdded': () => 'A staff note was added',
    'order.returned': (a) => withReason(`Returned ${en.items(a.items)}; ${money(a.refund)} handed back`, a.reason),
    'order.refunded': (a) => `Refund of ${money(a.amount)} handed back`,
    'order.settlementLine': (a) =>
      withReason(
        `${a.courier || 'The courier'}'s file${a.line !== null ? `, line ${a.line}` : ''}${a.trackingNumber ? ` (tracking number ${a.trackingNumber})` : ''}: ${en.settlementOutcomes[a.outcome ?? ''] ?? 'recorded'}`,
        a.reason,
      ),
    'order.otherEvent': (a) => `Recorded: ${spelledOut(a.type)}`,
    'field.invalid': (a) => {
      const field = en.fields[a.field] ?? `The ${spelledOut(a.field)}`;
      // The server's reason reads on from the field's name ("must start with https://") or is a sentence of its own.
      return /^[a-z]/.test(a.detail) ? `${field} ${a.detail}` : `${field}: ${a.detail}`;
    },
  },
  fields: {
    trackingUrlTemplate: 'The tracking link',
    name: 'The name',
    code: 'The code',
    percent: 'The percentage',
    discountPercent: 'The percentage',
    value: 'The value',
    amount: 'The amount',
    minimumOrder: 'The minimum order',
    maxUses: 'The number of uses',
    startsOn: 'The start date',
    endsOn: 'The end date',
    startsAt: 'The start',
    endsAt: 'The end',
    validFrom: 'The start date',
    validUntil: 'The end date',
    category: 'The category',
    username: 'The user name',
    password: 'The password',
    newPassword: 'The new password',
    role: 'The role',
    reason: 'The reason',
    note: 'The note',
    trackingNumber: 'The tracking number',
    courierId: 'The courier',
    quantity: 'The quantity',
    refund: 'The refund',
    price: 'The price',
    title: 'The title',
    description: 'The description',
    body: 'The message',
    subject: 'The subject',
    phone: 'The phone number',
    firstName: 'The first name',
    lastName: 'The last name',
    addressLine: 'The street address',
    city: 'The city',
    governorate: 'The governorate',
    email: 'The e-mail address',
    text: 'The text',
    message: 'The message',
  },
  orderFields: {
    firstName: 'the first name',
    lastName: 'the last name',
    phone: 'the phone number',
    addressLine: 'the street address',
    building: 'the building',
    apartment: 'the apartment',
    city: 'the city',
    notes: 'the delivery notes',
    email: 'the e-mail address',
    governorate: 'the governorate',
    lines: 'the posters',
    paymentMethod: 'the payment method',
    location: 'the map pin',
  },
  figures: {
    subtotal: 'subtotal',
    discountFromPromotions: 'discounts',
    discountFromPromoCode: 'promo code discount',
    shippingCost: 'shipping',
    codFee: 'cash-on-delivery fee',
    total: 'total',
  },
  settlementOutcomes: {
    applied: 'applied to the order',
    unchanged: 'already recorded, nothing changed',
    contradictory: 'not applied, it contradicts the order',
    rejected: 'not applied',
  },
  status: (code) => (code ? statusName(code).toLowerCase() : 'nothing'),
  markedAs: (orderNumber, status) => `Order ${orderNumber} marked as ${en.status(status)}`,
  list: englishList,
  items: (n) => `${n} ${n === 1 ? 'item' : 'items'}`,
};

export const STAFF_CATALOGUES: Readonly<Record<StaffLanguage, StaffCatalogue>> = { en };

/** The sentence for a code the server sent; a code this build does not know reads as its name, spelled out. */
export function staffSays(wording: StaffWording | { code: string; args: unknown }, language: StaffLanguage = 'en'): string {
  const catalogue = STAFF_CATALOGUES[language];
  const say = catalogue.says[wording.code as StaffWordingCode] as ((args: unknown) => string) | undefined;
  if (!say) return spelledOut(wording.code);
  return say(wording.args ?? {});
}

/** What a status move the member just made did: "Order PS-… marked as shipped". */
export function orderMarkedAs(orderNumber: string, status: string, language: StaffLanguage = 'en'): string {
  return STAFF_CATALOGUES[language].markedAs(orderNumber, status);
}

/** The wording an error body carries (back-office routes only), if any. */
export function errorWording(error: unknown): StaffWording | undefined {
  const data = (error as { data?: { wording?: unknown } } | undefined)?.data;
  const wording = data?.wording as { code?: unknown; args?: unknown } | undefined;
  return wording && typeof wording.code === 'string' && wording.args && typeof wording.args === 'object' ? (wording as StaffWording) : undefined;
}
