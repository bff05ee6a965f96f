/**
 * Shoppers: anonymous carts filled click by click (adds, merges, quantity and size changes,
 * removals, promo codes, payment method), most of them abandoned; the rest checked out with a
 * customer's form, priced from the catalogue as it stands at that moment, and placed as the
 * checkout handler does (number reserved, CartCheckedOut, OrderPlaced). A refused checkout
 * (too few posters for the governorate, a poster hidden since it was added) is fixed the way a
 * shopper would fix it, and tried again.
 */
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import type { CartCommand } from '#domain/cart/commands.js';
import type { CartEvent } from '#domain/cart/events.js';
import { cartPosterSnapshot, cartProductSnapshot, cartPromoSnapshot } from '#domain/cart/snapshots.js';
import { priceAndDecideCheckout, type CheckoutDecision } from '#domain/checkout/checkout.decider.js';
import { checkoutRequest } from '#domain/checkout/checkout-request.js';
import { checkoutEventIds, newOrderNumber, orderIdForCart, orderPlacedMetadata, reserveOrderNumber } from '#domain/checkout/order-number.js';
import { orderDecider } from '#domain/order/order.decider.js';
import type { PosterState } from '#domain/catalog/poster.decider.js';
import type { ProductState } from '#domain/catalog/product.decider.js';
import { catalogueFromStates, type CatalogueSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { priceCart } from '#domain/pricing/price-cart.js';
import { isDomainError } from '#domain/shared/domain-error.js';
import type { Actor } from '#domain/shared/event.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { SIZES, type Governorate } from '#domain/shop-config.js';
import { cartStream, orderNumberStream, orderStream } from '#domain/streams.js';
import type { Catalogue } from './catalogue-admin.js';
import type { Fulfilment, OrderAggregate } from './order-fulfilment.js';
import type { Promotions } from './promotions-admin.js';
import { checkoutForm, type Customer, type CustomerPool } from './shop-people.js';
import { MINUTE, type Timeline } from './timeline.js';
import { Aggregate, type StreamAppend, type WriteSide } from './write-side.js';

type CartAggregate = Aggregate<CartCommand, CartEvent, CartState>;

interface Session {
  cartId: string;
  cart: CartAggregate;
  actor: Actor;
  checkout: boolean;
  /** Clicks left before the shopper leaves or goes to checkout. */
  clicks: number;
  customer?: Customer;
  attempts: number;
}

/** Refusals a shopper fixes before trying the checkout again; anything else is a seeder bug. */
const FIXABLE = new Set(['MINIMUM_POSTERS', 'POSTER_UNAVAILABLE', 'SIZE_UNAVAILABLE', 'ADDON_UNAVAILABLE', 'CART_EMPTY', 'CHECKOUT_INVALID']);
const MAX_CHECKOUT_ATTEMPTS = 8;

export interface ShopperOptions {
  /** Sessions arrive between these times, fewer at first (a new shop), more later. */
  from: number;
  to: number;
  orders: number;
  sessions: number;
}

export class Shoppers {
  placed = 0;
  abandoned = 0;
  readonly governorates = new Set<Governorate>();
  private started = 0;
  private checkoutsLeft: number;
  private readonly orderNumbers = new Set<string>();

  constructor(
    private readonly w: WriteSide,
    private readonly timeline: Timeline,
    private readonly catalogue: Catalogue,
    private readonly promotions: Promotions,
    private readonly people: CustomerPool,
    private readonly fulfilment: Fulfilment,
    private readonly o: ShopperOptions,
  ) {
    this.checkoutsLeft = o.orders;
  }

  open(): void {
    this.scheduleNextSession();
  }

  /**
   * Session i arrives in the i-th slice of the span, warped so that traffic grows over time;
   * one at a time, so only what is under way sits in the timeline.
   */
  private scheduleNextSession(): void {
    if (this.started >= this.o.sessions) return;
    const u = (this.started + this.w.random.next()) / this.o.sessions;
    this.timeline.schedule(this.o.from + (this.o.to - this.o.from) * u ** 0.75, (at) => {
      this.startSession(at);
      this.scheduleNextSession();
    });
  }

  private startSession(at: number): void {
    const r = this.w.random;
    // Exactly `orders` of the sessions check out, spread evenly at random among them.
    const checkout = r.next() * (this.o.sessions - this.started) < this.checkoutsLeft;
    this.started++;
    if (checkout) this.checkoutsLeft--;
    const cartId = this.w.uuid();
    let clicks = checkout ? 2 : 1;
    while (clicks < 10 && r.chance(checkout ? 0.6 : 0.5)) clicks++;
    const session: Session = { cartId, cart: new Aggregate(cartStream(cartId), cartDecider), actor: { kind: 'shopper', id: cartId }, checkout, clicks, attempts: 0 };
    this.click(session, at);
  }

  private click(s: Session, at: number): void {
    if (s.clicks > 0) {
      s.clicks--;
      this.browse(s, at);
      this.timeline.schedule(at + this.pause(), (t) => this.click(s, t));
    } else if (s.checkout) {
      this.checkOut(s, at);
    } else {
      this.abandoned++;
    }
  }

  /** Seconds to a few minutes between clicks. */
  private pause(): number {
    return Math.min(5 * MINUTE, 10_000 + this.w.random.next() * this.w.random.next() * 4 * MINUTE);
  }

  private run(s: Session, command: CartCommand, at: number): boolean {
    return this.w.execute(s.cart, [command], at, s.actor);
  }

  private browse(s: Session, at: number): void {
    const r = this.w.random;
    const lines = s.cart.state.items;
    if (lines.length === 0) {
      const first = r.weighted({ poster: 90, custom: 7, addOn: 3 });
      if (first === 'poster') this.addPoster(s, at);
      else if (first === 'custom') this.addCustom(s, at);
      else this.addAddOn(s, at);
      return;
    }
    const line = r.pick(lines);
    const promoApplied = s.cart.state.promoCode !== null;
    switch (r.weighted({ poster: 40, again: 6, addOn: 8, custom: 3, quantity: 15, size: 7, remove: 10, promo: promoApplied ? 1 : 6, payment: 4, clear: 1 })) {
      case 'poster':
        return this.addPoster(s, at);
      case 'again': {
        const poster = line.posterId ? this.catalogue.poster(line.posterId) : undefined;
        if (!poster) return this.addPoster(s, at);
        // The same poster and size again: the decider merges it into the line.
        this.run(s, { type: 'AddPosterToCart', data: { itemId: this.w.uuid(), posterId: poster.state.posterId, variantId: null, size: line.size, quantity: 1, poster: cartPosterSnapshot(poster.state) } }, at);
        return;
      }
      case 'addOn':
        return this.addAddOn(s, at);
      case 'custom':
        return this.addCustom(s, at);
      case 'quantity': {
        // Now and then the stepper is typed into: 0 is refused.
        const quantity = r.chance(0.03) ? 0 : Math.max(1, line.quantity + r.pick([-1, 1, 1, 2]));
        this.run(s, { type: 'ChangeCartItemQuantity', data: { itemId: line.itemId, quantity } }, at);
        return;
      }
      case 'size': {
        if (line.kind === 'addon') return;
        const poster = line.posterId ? this.catalogue.poster(line.posterId) : undefined;
        const sizes = poster ? poster.state.variants.map((v) => v.size) : SIZES;
        const size = r.pick(sizes);
        this.run(s, { type: 'ChangeCartItemSize', data: { itemId: line.itemId, size, poster: poster ? cartPosterSnapshot(poster.state) : null } }, at);
        return;
      }
      case 'remove':
        this.run(s, { type: 'RemoveItemFromCart', data: { itemId: line.itemId } }, at);
        return;
      case 'promo':
        return promoApplied ? void this.run(s, { type: 'RemovePromoCode', data: {} }, at) : this.applyPromo(s, at);
      case 'payment':
        this.run(s, { type: 'ChoosePaymentMethod', data: { method: s.cart.state.paymentMethod === 'COD' ? 'online' : 'COD' } }, at);
        return;
      case 'clear':
        this.run(s, { type: 'ClearCart', data: {} }, at);
        return;
    }
  }

  private addPoster(s: Session, at: number): void {
    const r = this.w.random;
    const poster = this.catalogue.shopPoster();
    if (!poster) return;
    const variant = r.pick(poster.state.variants);
    const byId = r.chance(0.5);
    const quantity = r.chance(0.8) ? 1 : r.chance(0.75) ? 2 : 3;
    this.run(s, {
      type: 'AddPosterToCart',
      data: {
        itemId: this.w.uuid(),
        posterId: poster.state.posterId,
        variantId: byId ? variant.variantId : null,
        size: byId ? null : variant.size,
        quantity,
        poster: cartPosterSnapshot(poster.state),
      },
    }, at);
  }

  private addCustom(s: Session, at: number): void {
    const size = this.w.random.pick(SIZES);
    this.run(s, { type: 'AddCustomPosterToCart', data: { itemId: this.w.uuid(), size, quantity: 1, customImagePath: `/uploads/custom/${this.w.uuid()}.webp` } }, at);
  }

  private addAddOn(s: Session, at: number): void {
    const product = this.catalogue.shopProduct();
    if (!product) return;
    this.run(s, { type: 'AddAddOnToCart', data: { itemId: this.w.uuid(), productId: product.state.productId, quantity: 1, product: cartProductSnapshot(product.state) } }, at);
  }

  /** Mostly a code running now; sometimes one from an old ad (inactive, deleted) or mistyped: refused. */
  private applyPromo(s: Session, at: number): void {
    const r = this.w.random;
    const active = this.promotions.activeCodes();
    const code = active.length > 0 && r.chance(0.85) ? r.pick(active) : r.chance(0.7) ? r.pick(this.promotions.knownCodes()) : 'WELCOM10';
    const promo = this.promotions.promo(code);
    this.run(s, { type: 'ApplyPromoCode', data: { code: r.chance(0.2) ? code.toLowerCase() : code, promo: promo ? cartPromoSnapshot(promo.state) : null } }, at);
  }

  private checkOut(s: Session, at: number): void {
    const r = this.w.random;
    s.attempts++;
    if (s.attempts > MAX_CHECKOUT_ATTEMPTS) throw new Error(`cart ${s.cartId}: no order after ${MAX_CHECKOUT_ATTEMPTS} checkout attempts`);
    const customer = (s.customer ??= this.people.pick());
    const method = r.chance(0.1) ? 'ONLINE' : s.cart.state.paymentMethod;
    const form = checkoutForm(customer, method, r);
    // A few first attempts carry a mistyped phone: the form is refused and sent again.
    if (s.attempts === 1 && r.chance(0.02)) form.phone = form.phone!.slice(0, 6);
    const cartId = s.cartId;
    let orderNumber: string;
    do orderNumber = newOrderNumber(() => r.next());
    while (this.orderNumbers.has(orderNumber));
    const idempotencyKey = this.w.uuid();
    let decision: CheckoutDecision;
    try {
      decision = priceAndDecideCheckout(s.cart.state, this.catalogueFor(s.cart.state), form, {
        cartId, orderId: orderIdForCart(cartId), orderNumber, now: new Date(at).toISOString(), request: checkoutRequest(form, idempotencyKey),
      });
    } catch (error) {
      if (!isDomainError(error) || !FIXABLE.has(error.code)) throw error;
      this.w.tally.refused(error.code);
      this.fix(s, error.code, at);
      this.timeline.schedule(at + this.pause(), (t) => this.checkOut(s, t));
      return;
    }
    this.orderNumbers.add(orderNumber);
    const ids = checkoutEventIds(cartId);
    const metadata = this.w.metadata(at, s.actor, { idempotencyKey });
    const reservation: StreamAppend = {
      stream: orderNumberStream(orderNumber),
      expectedRevision: 'no_stream',
      events: [{ id: ids.orderNumberReserved(orderNumber), ...reserveOrderNumber(orderNumber, cartId), metadata }],
    };
    // The checkout handler's ids: the cart event's carries the number, OrderPlaced's is the cart's.
    const cartEventId = uuidFromName(`${ids.cartCheckedOut}:${orderNumber}`);
    const checkedOut = s.cart.append(decision.cartEvents, metadata, () => cartEventId);
    const order: OrderAggregate = new Aggregate(orderStream(decision.orderEvents[0].data.orderId), orderDecider);
    const placed = order.append(decision.orderEvents, orderPlacedMetadata(metadata, cartEventId), () => ids.orderPlaced);
    this.w.send([reservation, checkedOut, placed], [`customer:${customer.phone}`]);
    this.placed++;
    this.governorates.add(customer.governorate);
    this.fulfilment.placed(order, at);
  }

  /** What the storefront shows after a refusal, and what the shopper then does. */
  private fix(s: Session, code: string, at: number): void {
    const state = s.cart.state;
    if (code === 'CHECKOUT_INVALID') return; // the next attempt sends the form as it should be
    if (code === 'MINIMUM_POSTERS' || code === 'CART_EMPTY') {
      this.addPoster(s, at);
      return;
    }
    const pricing = priceCart(state, this.catalogueFor(state));
    for (const line of pricing.lines) if (!line.available) this.run(s, { type: 'RemoveItemFromCart', data: { itemId: line.itemId } }, at);
    if (s.cart.state.items.length === 0) this.addPoster(s, at);
  }

  /** The catalogue streams the cart refers to, as folded now (what the checkout handler loads). */
  private catalogueFor(cart: CartState): CatalogueSnapshot {
    const posters = new Map<string, PosterState>();
    const products = new Map<string, ProductState>();
    for (const line of cart.items) {
      const poster = line.posterId ? this.catalogue.poster(line.posterId) : undefined;
      if (poster) posters.set(poster.state.posterId, poster.state);
      const product = line.productId ? this.catalogue.product(line.productId) : undefined;
      if (product) products.set(product.state.productId, product.state);
    }
    return catalogueFromStates({
      posters,
      products,
      customPricing: this.catalogue.customPricing.state,
      discounts: this.promotions.discounts.state,
      promo: cart.promoCode ? (this.promotions.promo(cart.promoCode)?.state ?? null) : null,
    });
  }
}
