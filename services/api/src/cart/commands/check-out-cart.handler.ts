import { randomInt } from 'node:crypto';
import { Inject, UnprocessableEntityException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import { decideCheckout, orderPlacedFromCheckout, type CheckoutDecision } from '#domain/checkout/checkout.decider.js';
import { checkoutRequest, IDEMPOTENCY_MESSAGES, reusesKeyWithOtherBody } from '#domain/checkout/checkout-request.js';
import { validateCheckoutForm } from '#domain/checkout/checkout-form.js';
import type { CheckoutForm } from '#domain/checkout/commands.js';
import { checkoutEventIds, newOrderNumber, orderIdForCart, orderPlacedMetadata } from '#domain/checkout/order-number.js';
import { priceCart } from '#domain/pricing/price-cart.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { ShopRules } from '#domain/shop-config.js';
import { cartStream, orderNumberStream, orderStream } from '#domain/streams.js';
import type { CheckoutRequest } from '#domain/cart/events.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { WrongExpectedRevision, type EventMetadata, type RecordedEvent } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { eventMetadata } from '../../common/execute-decider.js';
import { actAsShopper, recordPosition } from '../../common/request-context.js';
import { SHOP_RULES } from '../../catalog/shop-rules.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartLocks } from '../cart-locks.js';
import { checkoutFaultFromEnv, crashIfAt } from '../checkout-faults.js';

export interface CheckoutAnswer {
  orderNumber: string;
  orderId: string;
  cartId: string;
  /** EGP; null only when a schema-1 half-done checkout could not be completed by this request. */
  total: number | null;
  /** Set when the cart's promo code was dropped (deactivated or deleted since it was applied). */
  promoMessage: string | null;
}

export class CheckOutCartCommand extends Command<CheckoutAnswer> {
  constructor(readonly cartId: string, readonly form: CheckoutForm, readonly idempotencyKey?: string) {
    super();
  }
}

const PLACEHOLDER_NUMBER = 'PS-2222-2222';
const MAX_ATTEMPTS = 5;
const MAX_NUMBER_DRAWS = 10;

interface LoadedCart {
  cart: CartState;
  revision: bigint;
  /** The recorded CartCheckedOut, when there is one: its id and metadata make OrderPlaced's. */
  checkedOut?: RecordedEvent;
}

/**
 * Checkout, on the write side only (no read model): price the cart from the catalogue streams →
 * validate → reserve an order number (no_stream on ordernumber-<N>) → CartCheckedOut with the
 * cart's expected revision (racing checkouts: one wins, the others reload and answer its order).
 * CartCheckedOut carries the whole decided order; OrderPlaced is derived from it (same id, data
 * and metadata whoever appends it), so the API appending it right after, a retry, and the
 * projector's checkout-completion reactor all write the same event once (docs/adr/004).
 * Idempotency lives in the cart's log (key + body hash in CartCheckedOut), not in memory.
 */
@CommandHandler(CheckOutCartCommand)
export class CheckOutCartHandler implements ICommandHandler<CheckOutCartCommand> {
  private readonly fault = checkoutFaultFromEnv();

  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueLoader,
    private readonly locks: CartLocks,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
  ) {}

  async execute({ cartId, form, idempotencyKey }: CheckOutCartCommand): Promise<CheckoutAnswer> {
    actAsShopper(cartId);
    return this.locks.run(cartId, () => this.checkout(cartId, form, checkoutRequest(form, idempotencyKey)));
  }

  private async checkout(cartId: string, form: CheckoutForm, request: CheckoutRequest): Promise<CheckoutAnswer> {
    const orderId = orderIdForCart(cartId);
    const ids = checkoutEventIds(cartId);
    const extra = request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const loaded = await this.loadCart(cartId);
      const { cart, revision } = loaded;
      if (cart.checkedOut) return this.answerPlaced(cartId, loaded, form, request);
      const now = new Date().toISOString();
      const priced = await this.decide(cartId, cart, form, { orderId, orderNumber: PLACEHOLDER_NUMBER, now });
      const orderNumber = await this.reserveOrderNumber(cartId, ids.orderNumberReserved, extra);
      crashIfAt(this.fault, 'after-number-reserved');
      const { decision, pricing } = await this.decide(cartId, cart, form, { orderId, orderNumber, now, request }, priced.pricing);
      const metadata = eventMetadata(extra);
      // The id carries the order number: the store treats re-appending a known id as an idempotent
      // success, so two racers with one fixed id would both "win" with different numbers.
      const cartEventId = uuidFromName(`${ids.cartCheckedOut}:${orderNumber}`);
      try {
        await this.executor.store.append(
          cartStream(cartId),
          decision.cartEvents.map((e) => ({ id: cartEventId, type: e.type, data: e.data, metadata })),
          { expectedRevision: revision < 0n ? 'no_stream' : revision },
        );
      } catch (e) {
        if (e instanceof WrongExpectedRevision) continue; // a racing checkout or a cart change: look again
        throw e;
      }
      crashIfAt(this.fault, 'after-cart-checked-out');
      await this.placeOrder(orderId, decision.orderEvents[0], orderPlacedMetadata(metadata, cartEventId), ids.orderPlaced);
      crashIfAt(this.fault, 'after-order-placed');
      return {
        orderNumber,
        orderId,
        cartId,
        total: piastresToEgp(pricing.total),
        promoMessage: pricing.promoDropped?.message ?? null,
      };
    }
    throw DomainError.conflict('CHECKOUT_CONFLICT', 'The cart changed during checkout. Please try again.');
  }

  private async loadCart(cartId: string): Promise<LoadedCart> {
    const { state: cart, revision, events } = await this.executor.load(cartStream(cartId), cartDecider);
    return { cart, revision, checkedOut: events.findLast((e) => e.type === 'CartCheckedOut') };
  }

  /**
   * The cart is checked out (by this request's earlier try, another tab, a crashed process): the
   * answer is the order it decided, whatever this body says. Its OrderPlaced is appended again,
   * a no-op when it is there, the completion of a half-done checkout when it is not.
   */
  private async answerPlaced(cartId: string, loaded: LoadedCart, form: CheckoutForm, request: CheckoutRequest): Promise<CheckoutAnswer> {
    const done = loaded.cart.checkedOut!;
    if (reusesKeyWithOtherBody(done, request)) throw new UnprocessableEntityException(IDEMPOTENCY_MESSAGES.keyReused);
    const event = loaded.checkedOut!;
    const placed = orderPlacedFromCheckout(event.data as Parameters<typeof orderPlacedFromCheckout>[0]);
    const { orderNumber, orderId } = done;
    if (placed) {
      await this.placeOrder(orderId, placed, orderPlacedMetadata(event.metadata, event.id), checkoutEventIds(cartId).orderPlaced);
      return { orderNumber, orderId, cartId, total: piastresToEgp(placed.data.totals.total), promoMessage: done.promoMessage };
    }
    const total = await this.completeSchema1(cartId, loaded.cart, form, event);
    return { orderNumber, orderId, cartId, total, promoMessage: null };
  }

  private async decide(
    cartId: string,
    cart: CartState,
    form: CheckoutForm,
    ids: { orderId: string; orderNumber: string; now: string; request?: CheckoutRequest },
    known?: ReturnType<typeof priceCart>,
  ): Promise<{ decision: CheckoutDecision; pricing: ReturnType<typeof priceCart> }> {
    let pricing = known;
    if (!pricing) {
      // An empty cart is refused before the form is looked at ("Your cart is empty" first).
      const valid = cart.items.length > 0 ? validateCheckoutForm(form) : undefined;
      const catalogue = await this.catalogue.forCart(cart);
      pricing = priceCart(cart, catalogue, { governorate: valid?.customer.governorate ?? null, paymentMethod: valid?.paymentMethod, rules: this.rules });
    }
    return { decision: decideCheckout(cart, pricing, form, { cartId, ...ids }, this.rules), pricing };
  }

  private async reserveOrderNumber(cartId: string, eventId: (n: string) => string, extra: Record<string, unknown> | undefined): Promise<string> {
    for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw++) {
      const orderNumber = newOrderNumber(() => randomInt(0, 2 ** 32) / 2 ** 32);
      try {
        await this.executor.store.append(
          orderNumberStream(orderNumber),
          [{ id: eventId(orderNumber), type: 'OrderNumberReserved', data: { orderNumber, cartId }, metadata: eventMetadata(extra) }],
          { expectedRevision: 'no_stream' },
        );
        return orderNumber;
      } catch (e) {
        if (!(e instanceof WrongExpectedRevision)) throw e;
      }
    }
    throw new Error('Could not reserve a free order number');
  }

  private async placeOrder(orderId: string, placed: OrderPlaced, metadata: EventMetadata, eventId: string): Promise<void> {
    try {
      const result = await this.executor.store.append(
        orderStream(orderId),
        [{ id: eventId, type: placed.type, data: placed.data, metadata }],
        { expectedRevision: 'no_stream' },
      );
      recordPosition(result.position);
    } catch (e) {
      if (!(e instanceof WrongExpectedRevision)) throw e; // placed, then changed (status): nothing to add
    }
  }

  /**
   * Schema-1 CartCheckedOut (written before the order was recorded in it): the order can only be
   * rebuilt from a request's form, priced as of now, with the reserved number. Kept for carts
   * checked out by an older release and never completed; new checkouts never come here.
   */
  private async completeSchema1(cartId: string, cart: CartState, form: CheckoutForm, event: RecordedEvent): Promise<number | null> {
    const done = cart.checkedOut!;
    const [existing] = await this.executor.store.readStream(orderStream(done.orderId), { maxCount: 1 });
    if (existing) return existing.type === 'OrderPlaced' ? piastresToEgp((existing.data as OrderPlaced['data']).totals.total) : null;
    const open: CartState = { ...cart, checkedOut: null };
    let decided;
    try {
      decided = await this.decide(cartId, open, form, { orderId: done.orderId, orderNumber: done.orderNumber, now: new Date().toISOString() });
    } catch {
      return null; // this request's form can't complete it; a later retry with a valid form will
    }
    const placed = decided.decision.orderEvents[0];
    await this.placeOrder(done.orderId, placed, orderPlacedMetadata(eventMetadata(), event.id), checkoutEventIds(cartId).orderPlaced);
    return piastresToEgp(placed.data.totals.total);
  }
}
