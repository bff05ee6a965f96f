/**
 * Stream names, built only here. `<category>-<id>`, category without dashes, so the first
 * dash separates category and id even when the id is a UUID. Singletons have no id.
 */

export const STREAM_CATEGORIES = [
  'poster', 'product', 'custompricing', 'discounts', 'promo', 'promouse', 'announcement', 'gallery',
  'newsletter', 'subscriber', 'admin', 'cart', 'order', 'ordernumber', 'snapshot',
  'checkoutrejection', 'personaldata', 'phoneblock', 'screeningsettings', 'screening', 'couriers', 'settlements', 'messagetemplates',
] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];

const SINGLETONS: ReadonlySet<StreamCategory> = new Set(['custompricing', 'discounts', 'announcement', 'gallery', 'newsletter', 'screeningsettings', 'couriers', 'messagetemplates']);

function withId(category: StreamCategory, id: string): string {
  if (id.length === 0) throw new Error(`Empty id for a ${category} stream`);
  return `${category}-${id}`;
}

export const posterStream = (posterId: string): string => withId('poster', posterId);
export const productStream = (productId: string): string => withId('product', productId);
export const customPricingStream = (): string => 'custompricing';
export const discountsStream = (): string => 'discounts';
/** Promo codes are case-insensitive: the stream is per upper-cased, trimmed code. */
export const promoStream = (code: string): string => withId('promo', normalisePromoCode(code));
/** A promo code's uses (its limit is decided on this stream's revision). */
export const promoUsageStream = (code: string): string => withId('promouse', normalisePromoCode(code));
export const announcementStream = (): string => 'announcement';
/** The owner's wording of customer messages (docs/adr/023). */
export const messageTemplatesStream = (): string => 'messagetemplates';
export const galleryStream = (): string => 'gallery';
/** Subscriptions made before per-address streams; read for them, never appended a subscription again. */
export const newsletterStream = (): string => 'newsletter';
/** One newsletter address (subscriberId = newsletterSubscriberId(email)): subscribing reads only this. */
export const subscriberStream = (subscriberId: string): string => withId('subscriber', subscriberId);
/** Usernames are case-sensitive as typed at login, but trimmed. */
export const adminStream = (username: string): string => withId('admin', username.trim());
export const cartStream = (cartId: string): string => withId('cart', cartId);
export const orderStream = (orderId: string): string => withId('order', orderId);
/** Checkouts the shop refused for a business rule, per cart (the cart funnel reads them). */
export const checkoutRejectionStream = (cartId: string): string => withId('checkoutrejection', cartId);
/** One data subject's erasure and corrections (its id is the subject id of docs/adr/012). */
export const personalDataStream = (subjectId: string): string => withId('personaldata', subjectId);
/** One person's phone block (the subject id of docs/adr/012: never the phone). */
export const phoneBlockStream = (subjectId: string): string => withId('phoneblock', subjectId);
/** The owner's fake-order screening thresholds. */
export const screeningSettingsStream = (): string => 'screeningsettings';
/** One person's screened orders, for duplicates and first orders (keyed by subject id). */
export const screeningStream = (subjectId: string): string => withId('screening', subjectId);
/** The shop's few couriers, one stream (names are unique across them). */
export const couriersStream = (): string => 'couriers';
/** One courier's settlement imports (SettlementImported), appended and never loaded to decide. */
export const settlementsStream = (courierId: string): string => withId('settlements', courierId);
export const orderNumberStream = (orderNumber: string): string => withId('ordernumber', orderNumber.toUpperCase());
/** Snapshots of another stream's folded state (snapshots.ts): 'snapshot-discounts', 'snapshot-poster-p1'. */
export const snapshotStream = (stream: string): string => withId('snapshot', stream);

/** The one rule for a promo code's identity. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface ParsedStreamName {
  category: StreamCategory;
  /** null for singleton streams. */
  id: string | null;
}

/** 'cart-1b2c…' → { category: 'cart', id: '1b2c…' }; 'discounts' → { category: 'discounts', id: null }; unknown → undefined. */
export function parseStreamName(stream: string): ParsedStreamName | undefined {
  const dash = stream.indexOf('-');
  const category = (dash === -1 ? stream : stream.slice(0, dash)) as StreamCategory;
  if (!(STREAM_CATEGORIES as readonly string[]).includes(category)) return undefined;
  if (SINGLETONS.has(category)) return dash === -1 ? { category, id: null } : undefined;
  const id = dash === -1 ? '' : stream.slice(dash + 1);
  return id.length > 0 ? { category, id } : undefined;
}
