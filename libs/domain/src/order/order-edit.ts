/**
 * Editing an order before it ships: the customer's contact, address, governorate and delivery
 * notes, and its lines (add a poster or add-on, remove a line, change a size or a quantity). The
 * edited order is priced by priceCart, the function that priced it at checkout, against the
 * catalogue as it stood when the order was placed (docs/adr/021):
 *
 *   - a line the order recorded keeps its recorded catalogue price and category discount;
 *   - a new line, or a recorded poster in another size, takes the catalogue price and category
 *     discount in force at placing (the price history folded to the order's position);
 *   - the promo code keeps the percent recorded, for the category it was for, and is not checked
 *     or counted again (its use was counted once, at checkout);
 *   - shipping and the COD fee are those the order paid, for its governorate; another governorate
 *     ships at the shop's rate for it; free shipping from the threshold the order shows.
 *
 * The minimum-posters rule holds for the governorate after the edit.
 */
import { CHECKOUT_MESSAGES } from '../checkout/checkout-form.js';
import { normaliseEgyptianPhone } from '../checkout/egyptian-phone.js';
import { checkMinimumPosters } from '../checkout/minimum-posters.js';
import type { CartLine } from '../cart/events.js';
import type { CatalogueSnapshot, DiscountSnapshot, PosterSnapshot } from '../pricing/catalogue-snapshot.js';
import { orderItemOf, orderTotalsOf } from '../pricing/order-snapshot.js';
import { type CartPricing, priceCart } from '../pricing/price-cart.js';
import { NO_PROMO_RULES } from '../promotion/promo-rules.js';
import { DomainError, isDomainError } from '../shared/domain-error.js';
import { textProblem } from '../shared/text-rules.js';
import { parseGovernorate, parsePosterSize, type PosterSize, type ShopRules } from '../shop-config.js';
import { rulesAsRecorded } from '../what-if/replay-order.js';
import type { EditableCustomer, OrderItem, OrderPlaced, OrderStatus, OrderVersion } from './events.js';

export const EDITABLE_CUSTOMER_FIELDS = ['firstName', 'lastName', 'phone', 'addressLine', 'building', 'apartment', 'city', 'governorate', 'notes'] as const;
export type EditableCustomerField = (typeof EDITABLE_CUSTOMER_FIELDS)[number];

/** Statuses an order may be edited in: nothing has left the shop yet. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['PLACED', 'CONFIRMED'];

/** An order as it stands: OrderPlaced's record with later corrections and edits applied. */
export type OrderRecord = OrderPlaced['data'];

const MAX_FIELD = 200;
const MAX_NOTES = 1000;
/** An order of more lines than this is not a poster order a person edits. */
export const MAX_EDIT_LINES = 50;
export const MAX_REASON = 500;

/** A line as the edit asks for it: a recorded line (itemId) resized or requantified, or a new poster or add-on. */
export type EditLine =
  | { itemId: string; size: PosterSize | null; quantity: number }
  | { posterId: string; size: PosterSize; quantity: number }
  | { productId: string; quantity: number };

export interface ValidOrderEdit {
  customer: Partial<EditableCustomer>;
  /** undefined: the lines stay as they are. */
  lines?: EditLine[];
  reason: string | null;
}

export interface OrderEditInput {
  customer?: Partial<Record<EditableCustomerField, unknown>>;
  lines?: unknown;
  reason?: unknown;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const hasHtml = (v: string) => /[<>]/.test(v);

/** One text field: trimmed, bounded, no markup or control characters; the error names the field. */
function cleanText(field: string, raw: unknown, max: number, errors: Record<string, string>, options: { required: boolean; multiLine?: boolean }): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null && !options.required) return null;
  if (!isText(raw)) {
    errors[field] = `${field} must be text`;
    return undefined;
  }
  const value = raw.trim();
  if (value === '') {
    if (options.required) errors[field] = (CHECKOUT_MESSAGES as Record<string, string>)[field] ?? `${field} is required`;
    return options.required ? undefined : null;
  }
  if (value.length > max) errors[field] = `${field} must be at most ${max} characters`;
  else if (textProblem(value, { allowLineBreaks: options.multiLine }) !== undefined) errors[field] = `${field} must not contain control characters`;
  else if (hasHtml(value)) errors[field] = `${field} must not contain < or >`;
  else return value;
  return undefined;
}

function cleanLines(raw: unknown, rules: ShopRules, errors: Record<string, string>): EditLine[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    errors.lines = 'lines must be a list';
    return undefined;
  }
  if (raw.length === 0) errors.lines = CHECKOUT_MESSAGES.emptyCart;
  if (raw.length > MAX_EDIT_LINES) errors.lines = `lines: at most ${MAX_EDIT_LINES}`;
  const lines: EditLine[] = [];
  raw.slice(0, MAX_EDIT_LINES).forEach((line: unknown, i) => {
    const at = `lines[${i}]`;
    if (typeof line !== 'object' || line === null || Array.isArray(line)) {
      errors[at] = `${at} must be an object`;
      return;
    }
    const l = line as Record<string, unknown>;
    const q = l.quantity;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > rules.maxQuantityPerLine) {
      errors[`${at}.quantity`] = `${at}.quantity must be a whole number from 1 to ${rules.maxQuantityPerLine}`;
      return;
    }
    const size = l.size === undefined || l.size === null ? null : parsePosterSize(l.size);
    if (size === undefined) {
      errors[`${at}.size`] = `${at}.size is not a size the shop sells`;
      return;
    }
    const id = (key: string) => (isText(l[key]) && (l[key] as string).trim() !== '' && (l[key] as string).length <= 100 && textProblem(l[key] as string) === undefined ? (l[key] as string).trim() : undefined);
    if (l.itemId !== undefined) {
      const itemId = id('itemId');
      if (itemId) lines.push({ itemId, size, quantity: q });
      else errors[`${at}.itemId`] = `${at}.itemId must be a line of this order`;
    } else if (l.posterId !== undefined) {
      const posterId = id('posterId');
      if (!posterId) errors[`${at}.posterId`] = `${at}.posterId must be a poster id`;
      else if (size === null) errors[`${at}.size`] = `${at}.size is required for a poster`;
      else lines.push({ posterId, size, quantity: q });
    } else if (l.productId !== undefined) {
      const productId = id('productId');
      if (productId) lines.push({ productId, quantity: q });
      else errors[`${at}.productId`] = `${at}.productId must be an add-on id`;
    } else errors[at] = `${at} needs an itemId (a line of this order), a posterId or a productId`;
  });
  return lines;
}

/** The edit as typed → clean values (phone normalised, governorate parsed); a 400 naming every bad field. */
export function validateOrderEdit(input: OrderEditInput, rules: ShopRules): ValidOrderEdit {
  const errors: Record<string, string> = {};
  const customer: Partial<EditableCustomer> = {};
  const raw = input.customer ?? {};
  for (const field of ['firstName', 'lastName', 'addressLine', 'building', 'apartment', 'city'] as const) {
    const v = cleanText(field, raw[field], MAX_FIELD, errors, { required: true });
    if (typeof v === 'string') customer[field] = v;
  }
  const phone = cleanText('phone', raw.phone, MAX_FIELD, errors, { required: true });
  if (typeof phone === 'string') {
    const normalised = normaliseEgyptianPhone(phone);
    if (normalised) customer.phone = normalised;
    else errors.phone = CHECKOUT_MESSAGES.invalidPhone;
  }
  if (raw.governorate !== undefined) {
    const g = parseGovernorate(raw.governorate);
    if (g) customer.governorate = g;
    else errors.governorate = CHECKOUT_MESSAGES.invalidGovernorate;
  }
  const notes = cleanText('notes', raw.notes, MAX_NOTES, errors, { required: false, multiLine: true });
  if (notes !== undefined) customer.notes = notes;
  const lines = cleanLines(input.lines, rules, errors);
  const reason = cleanText('reason', input.reason, MAX_REASON, errors, { required: false, multiLine: true });
  const bad = Object.keys(errors);
  if (bad.length > 0) throw DomainError.validation('ORDER_EDIT_INVALID', `${bad[0]}: ${errors[bad[0]]}`, errors);
  if (Object.keys(customer).length === 0 && lines === undefined) throw DomainError.validation('ORDER_EDIT_EMPTY', `Give lines or at least one of ${EDITABLE_CUSTOMER_FIELDS.join(', ')}`, { lines: 'Nothing to change' });
  return { customer, lines, reason: reason ?? null };
}

export function editableCustomerOf(order: OrderRecord): EditableCustomer {
  const c = order.customer;
  return { firstName: c.firstName, lastName: c.lastName, phone: c.phone, addressLine: c.addressLine, building: c.building, apartment: c.apartment, city: c.city, governorate: c.governorate, notes: c.notes ?? null };
}

export function versionOf(order: OrderRecord): OrderVersion {
  return { customer: editableCustomerOf(order), items: order.items, totals: order.totals, priceRules: order.priceRules };
}

/** The order with an edit's `after` applied: what every reader treats as the order from then on. */
export function withVersion(order: OrderRecord, version: OrderVersion): OrderRecord {
  return { ...order, customer: { ...order.customer, ...version.customer }, items: version.items, totals: version.totals, priceRules: version.priceRules };
}

/**
 * The catalogue an edit is priced against: the catalogue at placing (`atPlacing`), overlaid by
 * what the order's lines recorded (the placed lines, and lines earlier edits added, all priced
 * as at placing), which win where both know a price: the order records exactly what it charged.
 */
export function editCatalogue(records: readonly OrderRecord[], atPlacing: CatalogueSnapshot, promoCategory: string | null): CatalogueSnapshot {
  const posters: Record<string, PosterSnapshot> = {};
  for (const [id, p] of Object.entries(atPlacing.posters)) posters[id] = { ...p, variants: [...p.variants] };
  const products = { ...atPlacing.products };
  const customPrices = { ...atPlacing.customPrices };
  const recorded: DiscountSnapshot[] = [];
  const recordedCategories = new Set<string | null>();
  for (const item of records.flatMap((r) => r.items)) {
    recordedCategories.add(item.category);
    const rule = (item.priceRules ?? []).find((r) => r.rule === 'CATEGORY_DISCOUNT');
    if (rule?.rule === 'CATEGORY_DISCOUNT') recorded.push({ discountId: recorded.length + 1, category: rule.category, percentage: rule.percent, active: true });
    if (item.kind === 'poster' && item.posterId !== null) {
      const poster = (posters[item.posterId] ??= { name: item.name, category: item.category, imageUrl: item.imageUrl, visible: true, deleted: false, variants: [] });
      posters[item.posterId] = { ...poster, name: item.name, category: item.category, visible: true, deleted: false };
      if (item.variantId !== null && item.size !== null) {
        const others = posters[item.posterId].variants.filter((v) => v.size !== item.size);
        posters[item.posterId].variants = [...others, { variantId: item.variantId, size: item.size, price: item.originalUnitPrice }];
      }
    } else if (item.kind === 'custom') {
      customPrices[item.size ?? 'SIZE_20x30'] = item.originalUnitPrice;
    } else if (item.kind === 'addon' && item.productId !== null) {
      products[item.productId] = { name: item.name, price: item.originalUnitPrice, imageUrl: item.imageUrl, deleted: false };
    }
  }
  // The discounts the lines recorded (whose each was: a category's or the shop-wide one), and those
  // at placing for the categories no line recorded. A shop-wide discount at placing was one every
  // recorded line could take, so it never exceeds what they took.
  const discounts = [...recorded, ...atPlacing.discounts.filter((d) => d.active && (d.category === null || !recordedCategories.has(d.category))).map((d, n) => ({ ...d, discountId: recorded.length + n + 1 }))];
  const order = records[0];
  const promo = order.promoCode === null ? null : { code: order.promoCode, percentOff: order.promoPercent, active: true, deleted: false, rules: { ...NO_PROMO_RULES, category: promoCategory as typeof NO_PROMO_RULES.category } };
  return { posters, products, customPrices, discounts, promo };
}

/**
 * The category the order's promo code was for: the code at placing says; without it (a code
 * since gone), the lines that took it show it, as replayOrder reads it.
 */
export function promoCategoryOf(order: OrderRecord, atPlacing: CatalogueSnapshot): string | null {
  if (order.promoCode === null) return null;
  if (atPlacing.promo && atPlacing.promo.code === order.promoCode) return atPlacing.promo.rules?.category ?? null;
  const took = order.items.filter((i) => (i.priceRules ?? []).some((r) => r.rule === 'PROMO_CODE'));
  return took.length === 0 || took.length === order.items.length ? null : took[0].category;
}

/** The cart lines the edit asks for; a line naming what is not this order's, or not sold then, → 400 naming it. */
function cartLinesOf(order: OrderRecord, lines: readonly EditLine[], catalogue: CatalogueSnapshot): CartLine[] {
  const errors: Record<string, string> = {};
  const out: CartLine[] = [];
  const used = new Set<string>();
  lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    if ('itemId' in line) {
      const item = order.items.find((it) => it.itemId === line.itemId);
      if (!item || used.has(item.itemId)) {
        errors[`${at}.itemId`] = `${at}.itemId must be a line of this order, once`;
        return;
      }
      used.add(item.itemId);
      const size = item.kind === 'addon' ? null : line.size ?? item.size;
      let variantId = item.variantId;
      if (item.kind === 'poster' && size !== item.size) {
        const variant = item.posterId === null ? undefined : catalogue.posters[item.posterId]?.variants.find((v) => v.size === size);
        if (!variant) {
          errors[`${at}.size`] = `${at}.size: ${item.name} was not sold in that size`;
          return;
        }
        variantId = variant.variantId;
      }
      out.push({ itemId: item.itemId, kind: item.kind, posterId: item.posterId, variantId, productId: item.productId, size, quantity: line.quantity, customImagePath: item.customImagePath });
    } else if ('posterId' in line) {
      const poster = catalogue.posters[line.posterId];
      if (!poster || poster.deleted) {
        errors[`${at}.posterId`] = `${at}.posterId: no such poster was for sale when the order was placed`;
        return;
      }
      const variant = poster.variants.find((v) => v.size === line.size);
      if (!variant) {
        errors[`${at}.size`] = `${at}.size: ${poster.name} was not sold in that size`;
        return;
      }
      out.push({ itemId: newItemId(order, out, i), kind: 'poster', posterId: line.posterId, variantId: variant.variantId, productId: null, size: line.size, quantity: line.quantity, customImagePath: null });
    } else {
      const product = catalogue.products[line.productId];
      if (!product || product.deleted) {
        errors[`${at}.productId`] = `${at}.productId: no such add-on was for sale when the order was placed`;
        return;
      }
      out.push({ itemId: newItemId(order, out, i), kind: 'addon', posterId: null, variantId: null, productId: line.productId, size: null, quantity: line.quantity, customImagePath: null });
    }
  });
  const bad = Object.keys(errors);
  if (bad.length > 0) throw DomainError.validation('ORDER_EDIT_INVALID', `${bad[0]}: ${errors[bad[0]]}`, errors);
  return out;
}

/** A new line's id: derived from the order and the line's place, so deciding again gives the same id. */
function newItemId(order: OrderRecord, sofar: readonly CartLine[], index: number): string {
  const taken = new Set([...order.items.map((i) => i.itemId), ...sofar.map((l) => l.itemId)]);
  let n = index + 1;
  while (taken.has(`${order.orderId}-edit-${n}`)) n++;
  return `${order.orderId}-edit-${n}`;
}

/** What pricing an edit needs besides the order: the catalogue at placing and the shop's rules now. */
export interface OrderEditFacts {
  /** The catalogue streams folded to the order's placing (posters and add-ons the edit names, discounts, custom prices, the promo code). */
  atPlacing: CatalogueSnapshot;
  rules: ShopRules;
}

/**
 * The order after the edit, priced; the version before it. Throws a 400 naming the field for a
 * line or size the order cannot have, or a minimum-posters rule the edit breaks.
 */
export function priceOrderEdit(placed: OrderRecord, current: OrderRecord, edit: ValidOrderEdit, facts: OrderEditFacts): { before: OrderVersion; after: OrderVersion } {
  const before = versionOf(current);
  const customer: EditableCustomer = { ...before.customer, ...edit.customer };
  const catalogue = editCatalogue([placed, current], facts.atPlacing, promoCategoryOf(placed, facts.atPlacing));
  const lines = edit.lines ?? current.items.map((i) => ({ itemId: i.itemId, size: i.size, quantity: i.quantity }));
  const cart = { items: cartLinesOf(current, lines, catalogue), promoCode: current.promoCode, paymentMethod: current.paymentMethod, checkedOut: null };
  const rules = rulesAsRecorded(placed, facts.rules);
  const pricing = priceCart(cart, catalogue, { governorate: customer.governorate, paymentMethod: current.paymentMethod, rules });
  try {
    checkMinimumPosters(customer.governorate, pricing.posterCount, rules);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    const field = edit.lines !== undefined ? 'lines' : 'governorate';
    throw DomainError.validation(e.code, `${field}: ${e.message}`, { [field]: e.message });
  }
  const after: OrderVersion = {
    customer,
    items: pricing.lines.map(orderItemOf),
    totals: orderTotalsOf(pricing),
    priceRules: pricing.priceRules,
  };
  return { before, after };
}

/** Which parts an edit changed: customer field names, and 'lines' when the lines or their prices did. */
export function changedParts(before: OrderVersion, after: OrderVersion): string[] {
  const fields: string[] = EDITABLE_CUSTOMER_FIELDS.filter((f) => (before.customer[f] ?? null) !== (after.customer[f] ?? null));
  if (canonical(before.items) !== canonical(after.items) || canonical(before.totals) !== canonical(after.totals)) fields.push('lines');
  return fields;
}

/** JSON with keys sorted: the same lines compare equal whichever code wrote them. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}
