/**
 * The floor of a cash-on-delivery checkout: what one must do and nothing else, the reference
 * bench:api measures ours against. No framework, no validation library, no read model, no
 * screening, no budgets: read the cart's stream and its posters' prices, reserve an order number,
 * seal the personal fields with the product's own cipher and key store, and append each stream's
 * event with its expected revision, one append per stream and no transaction across them (as the
 * event-store port allows). Events go to a table made by the product's own event-store migration;
 * a stream's expected revision is held by its unique (stream, revision) index alone: an append at
 * revision n+1 fails when anyone appended there first.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { posterDecider, type PosterState } from '#domain/catalog/poster.decider.js';
import { normaliseEgyptianPhone } from '#domain/checkout/egyptian-phone.js';
import { checkoutEventIds, newOrderNumber, orderIdForCart } from '#domain/checkout/order-number.js';
import { governorateInfo, isPosterSize, parseGovernorate } from '#domain/shop-config.js';
import { cartStream, orderNumberStream, orderStream, posterStream } from '#domain/streams.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import type { EventMetadata, NewEvent } from '#event-store/event-store.port.js';

/** An answer: HTTP status and JSON body. */
export interface BareAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface Line {
  itemId: string;
  posterId: string;
  size: string;
  quantity: number;
}

const UNIQUE_VIOLATION = '23505';
const MAX_NUMBER_DRAWS = 10;
const MAX_QUANTITY = 99;

const STATEMENTS = {
  append: {
    name: 'bare_append',
    text: 'INSERT INTO event_store.events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
  },
  readStream: { name: 'bare_read_stream', text: 'SELECT stream_revision::int AS revision, event_type AS type, data FROM event_store.events WHERE stream_name = $1 ORDER BY stream_revision' },
  readStreams: {
    name: 'bare_read_streams',
    text: 'SELECT stream_name AS stream, event_type AS type, data FROM event_store.events WHERE stream_name = ANY($1::text[]) ORDER BY stream_name, stream_revision',
  },
};

/** What every event records: the request, the shopper (their cart) and when. */
const metadata = (cartId: string, correlationId: string, extra: Partial<EventMetadata> = {}): EventMetadata => ({
  correlationId,
  actor: { kind: 'shopper', id: cartId },
  occurredAt: new Date().toISOString(),
  ...extra,
});

const refused = (status: number, field: string, message: string): BareAnswer => ({ status, body: { field, message } });
const text = (value: unknown, max = 200): string | undefined => (typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined);

export class BareCheckout {
  constructor(
    private readonly pool: pg.Pool,
    private readonly cipher: PersonalDataCipher,
  ) {}

  /** POST /api/user/cart: a new cart with one poster line (the poster read for its size). */
  async addToCart(input: Record<string, unknown>): Promise<BareAnswer> {
    const posterId = text(input.posterId, 64);
    if (!posterId) return refused(400, 'posterId', 'posterId is required');
    if (!isPosterSize(input.size)) return refused(400, 'size', 'size is not a poster size');
    const quantity = input.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return refused(400, 'quantity', `quantity must be 1 to ${MAX_QUANTITY}`);
    const poster = (await this.posters([posterId])).get(posterId);
    if (!poster || !on(poster) || !poster.variants.some((v) => v.size === input.size)) return refused(404, 'posterId', 'no such poster in that size');
    const cartId = randomUUID();
    const line: Line = { itemId: randomUUID(), posterId, size: input.size, quantity };
    await this.append(cartStream(cartId), 0, { id: randomUUID(), type: 'ItemAddedToCart', data: { ...line, kind: 'poster', variantId: null, productId: null, customImagePath: null }, metadata: metadata(cartId, randomUUID()) });
    return { status: 201, body: { cartId } };
  }

  /** POST /api/user/cart/checkout: the order placed for cash on delivery, or a 4xx naming the field. */
  async checkout(cartId: string | undefined, form: Record<string, unknown>): Promise<BareAnswer> {
    if (!cartId || cartId.length > 64) return refused(400, 'x-cart-id', 'x-cart-id is required');
    const phone = typeof form.phone === 'string' ? normaliseEgyptianPhone(form.phone) : undefined;
    if (!phone) return refused(400, 'phone', 'phone is not an Egyptian mobile number');
    const governorate = parseGovernorate(form.governorate);
    if (!governorate) return refused(400, 'governorate', 'governorate is not known');
    if (form.paymentMethod !== 'COD') return refused(400, 'paymentMethod', 'only COD is taken here');
    const customer: Record<string, unknown> = { phone, governorate, email: null, latitude: 0, longitude: 0, notes: null };
    for (const field of ['firstName', 'lastName', 'addressLine', 'building', 'apartment', 'city']) {
      const value = text(form[field]);
      if (!value) return refused(400, field, `${field} is required`);
      customer[field] = value;
    }

    const cart = await this.pool.query<{ revision: number; type: string; data: Line }>({ ...STATEMENTS.readStream, values: [cartStream(cartId)] });
    if (cart.rows.length === 0) return refused(404, 'x-cart-id', 'no such cart');
    if (cart.rows.some((e) => e.type === 'CartCheckedOut')) return refused(409, 'x-cart-id', 'the cart is checked out');
    const lines = cart.rows.filter((e) => e.type === 'ItemAddedToCart').map((e) => e.data);
    const posters = await this.posters(lines.map((l) => l.posterId));
    const items = [];
    let subtotal = 0;
    for (const line of lines) {
      const poster = posters.get(line.posterId);
      const variant = poster && on(poster) ? poster.variants.find((v) => v.size === line.size) : undefined;
      if (!poster || !variant) return refused(409, 'x-cart-id', 'a poster of the cart is no longer sold');
      subtotal += variant.price * line.quantity;
      items.push({ ...line, kind: 'poster', variantId: variant.variantId, name: poster.name, unitPrice: variant.price, lineTotal: variant.price * line.quantity });
    }
    const shipping = governorateInfo(governorate).shippingRate;
    const orderId = orderIdForCart(cartId);
    const ids = checkoutEventIds(cartId);
    const correlationId = randomUUID();
    const orderNumber = await this.reserveOrderNumber(cartId, correlationId);
    const order = { orderId, orderNumber, cartId, customer, items, paymentMethod: 'COD', promoCode: null, totals: { subtotal, shipping, total: subtotal + shipping }, placedAt: new Date().toISOString() };
    const revision = cart.rows[cart.rows.length - 1].revision + 1;
    const [checkedOut] = await this.cipher.seal(cartStream(cartId), [{ id: ids.cartCheckedOut, type: 'CartCheckedOut', data: { orderId, orderNumber, order }, metadata: metadata(cartId, correlationId) }]);
    try {
      await this.append(cartStream(cartId), revision, checkedOut);
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) return refused(409, 'x-cart-id', 'the cart changed during checkout');
      throw e;
    }
    // OrderPlaced names the subject its cause was sealed under: its key is cached, no lookup.
    const [placed] = await this.cipher.seal(orderStream(orderId), [{ id: ids.orderPlaced, type: 'OrderPlaced', data: order, metadata: metadata(cartId, correlationId, { subjectId: checkedOut.metadata.subjectId, causationId: ids.cartCheckedOut }) }]);
    await this.append(orderStream(orderId), 0, placed);
    return { status: 201, body: { orderId, orderNumber, cartId, total: (subtotal + shipping) / 100 } };
  }

  /** A free order number: its stream's first event, a taken one draws again. */
  private async reserveOrderNumber(cartId: string, correlationId: string): Promise<string> {
    for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw++) {
      const orderNumber = newOrderNumber(() => randomInt(0, 2 ** 32) / 2 ** 32);
      try {
        await this.append(orderNumberStream(orderNumber), 0, { id: checkoutEventIds(cartId).orderNumberReserved(orderNumber), type: 'OrderNumberReserved', data: { orderNumber, cartId }, metadata: metadata(cartId, correlationId) });
        return orderNumber;
      } catch (e) {
        if ((e as { code?: string }).code !== UNIQUE_VIOLATION) throw e;
      }
    }
    throw new Error('Could not reserve a free order number');
  }

  /** The posters' states, folded by the product's decider from their streams, in one query. */
  private async posters(posterIds: readonly string[]): Promise<Map<string, PosterState>> {
    const { rows } = await this.pool.query<{ stream: string; type: string; data: unknown }>({ ...STATEMENTS.readStreams, values: [[...new Set(posterIds)].map(posterStream)] });
    const states = new Map<string, PosterState>();
    for (const id of posterIds) {
      const events = rows.filter((r) => r.stream === posterStream(id));
      if (events.length > 0) states.set(id, events.reduce((s, e) => posterDecider.evolve(s, e as never), posterDecider.initialState));
    }
    return states;
  }

  /** One event at `revision` of its stream, in its own autocommit INSERT: durable when the server commits synchronously. */
  private async append(stream: string, revision: number, e: NewEvent): Promise<void> {
    await this.pool.query({ ...STATEMENTS.append, values: [e.id, stream, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)] });
  }
}

function on(poster: PosterState): boolean {
  return poster.exists && poster.visible && !poster.deleted;
}
