import { createHash } from 'node:crypto';
import type { NewEvent } from '#event-store/event-store.port.js';

/** One append: events for one stream. */
export interface AppendUnit {
  stream: string;
  events: NewEvent[];
}

const SIZES = ['SIZE_20x30', 'SIZE_30x40', 'SIZE_40x50', 'SIZE_50x70'];
const CATEGORIES = ['FOOTBALL', 'CARS', 'MOVIES', 'ANIME', 'ART', 'NATURE', 'QUOTES', 'OTHER'];
const GOVERNORATES = ['CAIRO', 'GIZA', 'ALEXANDRIA', 'DAKAHLIYA', 'SHARQIA', 'ASWAN', 'LUXOR'];
const FIRST = ['Omar', 'Mona', 'Ahmed', 'Sara', 'Youssef', 'Nour', 'Karim', 'Laila', 'Hassan', 'Farida'];
const LAST = ['Hassan', 'Ali', 'Mahmoud', 'Ibrahim', 'Saleh', 'Fouad', 'Nabil', 'Kamal'];

/** Deterministic ids and numbers from a seed, so two runs produce the same log. */
class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    this.s ^= this.s << 13;
    this.s ^= this.s >>> 17;
    this.s ^= this.s << 5;
    return (this.s >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

/** Unique per (seed, cart): the shop's alphabet without 0/O/1/I/L, 8 characters. */
const ORDER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function orderNumberFor(n: number): string {
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = ORDER_ALPHABET[n % ORDER_ALPHABET.length] + out;
    n = Math.floor(n / ORDER_ALPHABET.length);
  }
  return `PS-${out}`;
}

function uuid(seed: string): string {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface GeneratorOptions {
  seed?: number;
  posters?: number;
  products?: number;
  /** Stop once this many events were produced (roughly: the last unit completes). */
  events: number;
  /** occurredAt of the first event; each event adds stepMs. */
  start?: Date;
  stepMs?: number;
}

/**
 * A realistic log: a catalogue (posters, add-ons, custom prices, discounts, promo codes, gallery,
 * newsletter, announcement), then shoppers filling carts and checking out, with admins
 * shipping and canceling orders and editing the catalogue now and then.
 */
export function* generateShopEvents(o: GeneratorOptions): Generator<AppendUnit> {
  const rng = new Rng(o.seed ?? 42);
  let produced = 0;
  let clock = (o.start ?? new Date('2026-01-01T08:00:00Z')).getTime();
  const step = o.stepMs ?? 1000;
  let n = 0;
  const admin = { kind: 'admin' as const, id: 'admin' };
  const ev = (type: string, data: unknown, actor: { kind: 'admin' | 'shopper' | 'system'; id: string }, correlationId?: string): NewEvent => {
    clock += step;
    n += 1;
    return {
      id: uuid(`${o.seed ?? 42}:event:${n}`),
      type,
      data,
      metadata: { correlationId: correlationId ?? uuid(`corr:${n}`), actor, occurredAt: new Date(clock).toISOString(), schemaVersion: 1 },
    };
  };
  const unit = (stream: string, events: NewEvent[]): AppendUnit => {
    produced += events.length;
    return { stream, events };
  };

  const posters: Array<{ id: string; category: string; name: string; variants: Array<{ variantId: string; size: string; price: number }> }> = [];
  for (let i = 0; i < (o.posters ?? 200); i++) {
    const id = uuid(`poster:${i}`);
    const category = rng.pick(CATEGORIES);
    const base = 15000 + rng.int(30) * 1000;
    const variants = SIZES.slice(0, 2 + rng.int(3)).map((size, k) => ({ variantId: uuid(`variant:${i}:${k}`), size, price: base + k * 5000 }));
    posters.push({ id, category, name: `Poster ${i}`, variants });
    yield unit(`poster-${id}`, [ev('PosterCreated', { posterId: id, name: `Poster ${i}`, description: `A ${category.toLowerCase()} poster`, category, imageUrl: `posters/${i}.jpg`, visible: rng.next() > 0.1, variants }, admin)]);
  }
  const products: Array<{ id: string; name: string; price: number }> = [];
  for (let i = 0; i < (o.products ?? 10); i++) {
    const id = uuid(`product:${i}`);
    products.push({ id, name: `Add-on ${i}`, price: 2000 + i * 500 });
    yield unit(`product-${id}`, [ev('ProductCreated', { productId: id, name: `Add-on ${i}`, description: 'Frame or sticker', price: 2000 + i * 500, imageUrl: i % 2 ? `products/${i}.jpg` : null }, admin)]);
  }
  yield unit('custompricing', SIZES.map((size, k) => ev('CustomPriceSet', { size, price: 25000 + k * 10000 }, admin)));
  yield unit('discounts', [
    ev('DiscountCreated', { discountId: 1, category: 'FOOTBALL', percentage: 15, active: true }, admin),
    ev('DiscountCreated', { discountId: 2, category: null, percentage: 5, active: false }, admin),
  ]);
  for (const code of ['WELCOME10', 'SUMMER20']) {
    yield unit(`promo-${code}`, [ev('PromoCodeCreated', { code, percentOff: code === 'WELCOME10' ? 10 : 20, active: true }, admin)]);
  }
  yield unit('announcement', [ev('AnnouncementChanged', { text: 'Free shipping from 1,499 EGP' }, admin)]);
  yield unit('gallery', [0, 1, 2].map((i) => ev('GalleryImageAdded', { imageId: uuid(`gallery:${i}`), imageUrl: `gallery/${i}.jpg` }, admin)));

  const placedOrders: Array<{ orderId: string; orderNumber: string; status: string }> = [];
  let cartNo = 0;
  while (produced < o.events) {
    const roll = rng.next();
    if (roll < 0.02) {
      // Admin edits the catalogue.
      const p = rng.pick(posters);
      const kind = rng.int(5);
      if (kind === 0) yield unit(`poster-${p.id}`, [ev('PosterVisibilityChanged', { posterId: p.id, visible: rng.next() > 0.3 }, admin)]);
      else if (kind === 1) {
        p.variants = p.variants.map((v) => ({ ...v, price: v.price + 1000 }));
        yield unit(`poster-${p.id}`, [ev('PosterVariantsChanged', { posterId: p.id, variants: p.variants }, admin)]);
      } else if (kind === 2) yield unit(`poster-${p.id}`, [ev('PosterDetailsChanged', { posterId: p.id, name: `${p.name} (new)` }, admin)]);
      else if (kind === 3) yield unit(`poster-${p.id}`, [ev('PosterDeleted', { posterId: p.id }, admin), ev('PosterRecovered', { posterId: p.id }, admin)]);
      else yield unit('discounts', [ev('DiscountChanged', { discountId: 1 + rng.int(2), percentage: 5 + rng.int(20), active: rng.next() > 0.5 }, admin)]);
      continue;
    }
    if (roll < 0.05) {
      const subscriberId = uuid(`sub:${cartNo}:${produced}`);
      yield unit('newsletter', [ev('NewsletterSubscribed', { subscriberId, email: `fan${produced}@example.com` }, { kind: 'shopper', id: 'anonymous' })]);
      continue;
    }
    if (roll < 0.25 && placedOrders.length > 0) {
      // Admin moves an order on.
      const order = placedOrders[rng.int(placedOrders.length)];
      const to = order.status === 'PLACED' ? (rng.next() < 0.8 ? 'SHIPPED' : 'CANCELED') : order.status === 'CANCELED' ? 'PLACED' : 'CANCELED';
      yield unit(`order-${order.orderId}`, [ev('OrderStatusChanged', { orderId: order.orderId, orderNumber: order.orderNumber, from: order.status, to, reason: to === 'CANCELED' ? 'customer asked' : null, by: { username: admin.id, role: 'owner' } }, admin)]);
      order.status = to;
      continue;
    }
    // A shopper's cart: a few events, then (usually) a checkout.
    const cartId = uuid(`cart:${o.seed ?? 42}:${cartNo++}`);
    const shopper = { kind: 'shopper' as const, id: cartId };
    const corr = uuid(`cartcorr:${cartId}`);
    const lines: Array<{ itemId: string; poster: (typeof posters)[number]; variant: { variantId: string; size: string; price: number }; quantity: number }> = [];
    const cartEvents: NewEvent[] = [];
    const itemCount = 1 + rng.int(3);
    for (let k = 0; k < itemCount; k++) {
      const poster = rng.pick(posters);
      const variant = rng.pick(poster.variants);
      const itemId = uuid(`item:${cartId}:${k}`);
      const quantity = 1 + rng.int(3);
      lines.push({ itemId, poster, variant, quantity });
      cartEvents.push(ev('ItemAddedToCart', { itemId, kind: 'poster', posterId: poster.id, variantId: variant.variantId, productId: null, size: variant.size, quantity, customImagePath: null }, shopper, corr));
    }
    if (rng.next() < 0.4) {
      const line = lines[0];
      cartEvents.push(ev('CartItemQuantityChanged', { itemId: line.itemId, quantity: line.quantity + 1, previousQuantity: line.quantity }, shopper, corr));
      line.quantity += 1;
    }
    if (rng.next() < 0.2) cartEvents.push(ev('PromoCodeApplied', { code: 'WELCOME10' }, shopper, corr));
    cartEvents.push(ev('PaymentMethodChosen', { method: 'COD' }, shopper, corr));
    if (rng.next() < 0.25) {
      yield unit(`cart-${cartId}`, cartEvents); // abandoned
      continue;
    }
    const orderId = uuid(`order:${cartId}`);
    const orderNumber = orderNumberFor((o.seed ?? 42) * 10_000_000 + cartNo);
    cartEvents.push(ev('CartCheckedOut', { orderId, orderNumber }, shopper, corr));
    yield unit(`ordernumber-${orderNumber}`, [ev('OrderNumberReserved', { orderNumber, cartId }, shopper, corr)]);
    yield unit(`cart-${cartId}`, cartEvents);
    const items = lines.map((l) => ({
      itemId: l.itemId, kind: 'poster', posterId: l.poster.id, productId: null, variantId: l.variant.variantId, name: l.poster.name,
      category: l.poster.category, imageUrl: `posters/x.jpg`, customImagePath: null, size: l.variant.size, quantity: l.quantity,
      unitPrice: l.variant.price, originalUnitPrice: l.variant.price, discountPercentage: 0, lineTotal: l.variant.price * l.quantity,
    }));
    const subtotal = items.reduce((s, i) => s + i.lineTotal, 0);
    const shipping = subtotal >= 149900 ? 0 : 6000;
    const total = subtotal + shipping + 1000;
    const phone = `010${String(10000000 + rng.int(5000)).padStart(8, '0')}`;
    const placed = ev('OrderPlaced', {
      orderId, orderNumber, cartId, placedAt: '', paymentMethod: 'COD', promoCode: null, promoPercent: 0, items,
      customer: {
        firstName: rng.pick(FIRST), lastName: rng.pick(LAST), phone, email: rng.next() < 0.5 ? `${phone}@example.com` : null,
        addressLine: `${1 + rng.int(200)} Nile St`, building: String(1 + rng.int(30)), apartment: String(1 + rng.int(20)),
        city: 'Cairo', governorate: rng.pick(GOVERNORATES), latitude: 30.0444, longitude: 31.2357, notes: null,
      },
      totals: { subtotal, discountFromPromotions: 0, discountFromPromoCode: 0, shippingCost: shipping, codFee: 1000, taxAmount: Math.round((total * 14) / 114), total },
    }, shopper, corr);
    (placed.data as { placedAt: string }).placedAt = placed.metadata.occurredAt;
    yield unit(`order-${orderId}`, [placed]);
    placedOrders.push({ orderId, orderNumber, status: 'PLACED' });
  }
}
