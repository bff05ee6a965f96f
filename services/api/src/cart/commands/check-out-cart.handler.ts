import { randomInt } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import { decideCheckout, type CheckoutDecision } from '#domain/checkout/checkout.decider.js';
import { validateCheckoutForm } from '#domain/checkout/checkout-form.js';
import type { CheckoutForm } from '#domain/checkout/commands.js';
import { checkoutEventIds, newOrderNumber, orderIdForCart } from '#domain/checkout/order-number.js';
import { priceCart } from '#domain/pricing/price-cart.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { ShopRules } from '#domain/shop-config.js';
import { cartStream, orderNumberStream, orderStream } from '#domain/streams.js';
import { WrongExpectedRevision } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { eventMetadata } from '../../common/execute-decider.js';
import { actAsShopper, recordPosition } from '../../common/request-context.js';
import { SHOP_RULES } from '../../catalog/shop-rules.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartLocks } from '../cart-locks.js';

export interface CheckoutAnswer {
  orderNumber: string;
  orderId: string;
  cartId: string;
  /** EGP; null when answering for an order placed by an earlier (or racing) request. */
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
const IDEMPOTENCY_CACHE = 10_000;

/**
 * Checkout, on the write side only (no read model): price the cart from the catalogue streams →
 * validate → reserve an order number (no_stream on ordernumber-<N>) → CartCheckedOut with the
 * cart's expected revision (racing checkouts: one wins, the others reload and answer its number)
 * → OrderPlaced on order-<orderId> with a deterministic event id (a retry completes a half-done
 * checkout). orderId is derived from the cart id, so a cart has one order whatever happens.
 */
@CommandHandler(CheckOutCartCommand)
export class CheckOutCartHandler implements ICommandHandler<CheckOutCartCommand> {
  /** Idempotency-Key → answer, per process; the cart itself makes retries idempotent across replicas. */
  private readonly answered = new Map<string, CheckoutAnswer>();

  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueLoader,
    private readonly locks: CartLocks,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
  ) {}

  async execute({ cartId, form, idempotencyKey }: CheckOutCartCommand): Promise<CheckoutAnswer> {
    actAsShopper(cartId);
    const cached = idempotencyKey ? this.answered.get(idempotencyKey) : undefined;
    if (cached) return cached;
    const answer = await this.locks.run(cartId, () => this.checkout(cartId, form, idempotencyKey));
    if (idempotencyKey) {
      if (this.answered.size >= IDEMPOTENCY_CACHE) this.answered.delete(this.answered.keys().next().value as string);
      this.answered.set(idempotencyKey, answer);
    }
    return answer;
  }

  private async checkout(cartId: string, form: CheckoutForm, idempotencyKey: string | undefined): Promise<CheckoutAnswer> {
    const orderId = orderIdForCart(cartId);
    const ids = checkoutEventIds(cartId);
    const extra = idempotencyKey ? { idempotencyKey } : undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { state: cart, revision } = await this.executor.load(cartStream(cartId), cartDecider);
      if (cart.checkedOut) {
        await this.completeHalfDone(cartId, cart, form, extra);
        return { ...cart.checkedOut, cartId, total: null, promoMessage: null };
      }
      const now = new Date().toISOString();
      const priced = await this.decide(cartId, cart, form, { orderId, orderNumber: PLACEHOLDER_NUMBER, now });
      const orderNumber = await this.reserveOrderNumber(cartId, ids.orderNumberReserved, extra);
      const { decision, pricing } = await this.decide(cartId, cart, form, { orderId, orderNumber, now }, priced.pricing);
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
      await this.placeOrder(orderId, decision, { ...metadata, causationId: cartEventId }, ids.orderPlaced);
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

  private async decide(
    cartId: string,
    cart: CartState,
    form: CheckoutForm,
    ids: { orderId: string; orderNumber: string; now: string },
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

  private async placeOrder(orderId: string, decision: CheckoutDecision, metadata: ReturnType<typeof eventMetadata>, eventId: string): Promise<void> {
    try {
      const result = await this.executor.store.append(
        orderStream(orderId),
        decision.orderEvents.map((e) => ({ id: eventId, type: e.type, data: e.data, metadata })),
        { expectedRevision: 'no_stream' },
      );
      recordPosition(result.position);
    } catch (e) {
      if (!(e instanceof WrongExpectedRevision)) throw e; // already placed: a retry of a completed checkout
    }
  }

  /**
   * The cart says checked out but the order was never written (the process died in between):
   * the retry writes it now, priced as of now, with the reserved number.
   */
  private async completeHalfDone(cartId: string, cart: CartState, form: CheckoutForm, extra: Record<string, unknown> | undefined): Promise<void> {
    const done = cart.checkedOut!;
    const existing = await this.executor.store.readStream(orderStream(done.orderId), { maxCount: 1 });
    if (existing.length > 0) return;
    const open: CartState = { ...cart, checkedOut: null };
    let decided;
    try {
      decided = await this.decide(cartId, open, form, { orderId: done.orderId, orderNumber: done.orderNumber, now: new Date().toISOString() });
    } catch {
      return; // this request's form can't complete it; a later retry with a valid form will
    }
    const ids = checkoutEventIds(cartId);
    await this.placeOrder(done.orderId, decided.decision, eventMetadata(extra), ids.orderPlaced);
  }
}

