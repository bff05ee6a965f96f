import { randomInt } from 'node:crypto';
import { Inject, UnprocessableEntityException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import type { CartCheckedOut, CheckoutRequest } from '#domain/cart/events.js';
import { orderPlacedFromCheckout, priceAndDecideCheckout, type CheckoutDecision, type CheckoutIds } from '#domain/checkout/checkout.decider.js';
import { checkoutRequest, IDEMPOTENCY_MESSAGES, reusesKeyWithOtherBody } from '#domain/checkout/checkout-request.js';
import type { CheckoutForm } from '#domain/checkout/commands.js';
import { checkoutEventIds, newOrderNumber, orderIdForCart, orderNumberDecider, orderPlacedMetadata } from '#domain/checkout/order-number.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { orderDecider } from '#domain/order/order.decider.js';
import type { CatalogueSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import type { Decider } from '#domain/shared/decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import type { ShopRules } from '#domain/shop-config.js';
import { cartStream, orderNumberStream, orderStream } from '#domain/streams.js';
import { WrongExpectedRevision, type EventMetadata, type EventStore, type RecordedEvent } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { eventMetadata } from '../../common/execute-decider.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { SHOP_RULES } from '../../catalog/shop-rules.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter } from '../cart-writer.service.js';
import { orderTotalsFields, type OrderTotalsFields } from '../../common/order-totals-view.js';
import { NO_PROMO_RULES } from '#domain/promotion/promo-rules.js';
import { PromoUses } from '../promo-uses.service.js';
import { OrderScreening } from '../order-screening.service.js';
import { checkoutFaultFromEnv, crashIfAt, type CheckoutFaultStep } from '../checkout-faults.js';

export interface CheckoutAnswer {
  orderNumber: string;
  orderId: string;
  cartId: string;
  /** EGP; null only when a schema-1 half-done checkout could not be completed by this request. */
  total: number | null;
  /** The breakdown the order recorded, in EGP; null with total. */
  totals: OrderTotalsFields | null;
  /** Set when the cart's promo code was dropped (deactivated or deleted since it was applied). */
  promoMessage: string | null;
}

export class CheckOutCartCommand extends Command<CheckoutAnswer> {
  constructor(readonly cartId: string, readonly form: CheckoutForm, readonly idempotencyKey?: string) {
    super();
  }
}

/** The promo use a checkout request appended, until its cart is checked out. */
interface TakenUse {
  use: { code: string; orderId: string } | null;
}

/** A racing checkout or a cart change makes the append fail: look again, at most this often. */
const RETRIES = 4;
const MAX_NUMBER_DRAWS = 10;

/** The checkout decided for the cart as loaded; null: the cart is checked out already, nothing to append. */
interface CheckOutDecided {
  type: 'CheckOutCart';
  decision: CheckoutDecision | null;
}

/**
 * The cart's decider for a checkout: the command builder runs priceAndDecideCheckout on the very
 * state decide gets, because the order number the decision records must be reserved before the
 * cart event is appended, and a refused checkout must reserve none.
 */
const checkOutDecided: Decider<CheckOutDecided, CartCheckedOut, CartState> = {
  initialState: cartDecider.initialState,
  evolve: cartDecider.evolve,
  decide: ({ decision }) => decision?.cartEvents ?? [],
};

/** A CartCheckedOut as stored or as just appended: its id and metadata make OrderPlaced's. */
type CheckedOutEvent = Pick<RecordedEvent, 'id' | 'data' | 'metadata'>;

interface CartCheckOut {
  /** false: the cart was checked out before this request (a retry, another tab, a crashed process). */
  appended: boolean;
  cart: CartState;
  event: CheckedOutEvent;
}

/**
 * Checkout, on the write side only (no read model), in three steps, each one append through the
 * executor (its retries, conflict handling and metrics) and each followed by its fault hook:
 *  1. reserve an order number: OrderNumberReserved on ordernumber-<N> as a new stream (a taken
 *     number draws another);
 *  2. check out the cart: CartCheckedOut, decided by priceAndDecideCheckout, with the cart's
 *     expected revision (racing checkouts: one wins, the others reload and answer its order).
 *     Step 1 runs inside step 2's command builder, between deciding and appending;
 *  3. place the order: OrderPlaced, read off CartCheckedOut (same id, data and metadata whoever
 *     appends it: this request, a retry, the projector's checkout-completion reactor; docs/adr/004),
 *     then screen it (OrderScreened on the person's screening stream; docs/adr/019).
 * A blocked phone is refused after the form is validated, before step 1 (docs/adr/019).
 * Idempotency lives in the cart's log (key + body hash in CartCheckedOut), not in memory.
 */
@CommandHandler(CheckOutCartCommand)
export class CheckOutCartHandler implements ICommandHandler<CheckOutCartCommand> {
  private readonly fault = checkoutFaultFromEnv();

  constructor(
    private readonly executor: DeciderExecutor,
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
    private readonly promoUses: PromoUses,
    private readonly screening: OrderScreening,
  ) {}

  execute({ cartId, form, idempotencyKey }: CheckOutCartCommand): Promise<CheckoutAnswer> {
    return this.cart.exclusive(cartId, async () => {
      const taken: TakenUse = { use: null };
      try {
        return await this.checkout(cartId, form, checkoutRequest(form, idempotencyKey), taken);
      } catch (e) {
        // The use this request took is for an order it did not place: give it back.
        if (taken.use) await this.promoUses.giveBack(taken.use.code, taken.use.orderId).catch(() => undefined);
        throw e;
      }
    });
  }

  /**
   * A cart checked out before answers the order it decided, whatever this body says, except to a
   * reuse of its key with another body. Its OrderPlaced is placed again: a no-op when it is there,
   * the completion of a half-done checkout when it is not.
   */
  private async checkout(cartId: string, form: CheckoutForm, request: CheckoutRequest, taken: TakenUse): Promise<CheckoutAnswer> {
    const { appended, cart, event } = await this.step('after-cart-checked-out', () => this.checkOutCart(cartId, form, request, taken));
    // The cart is checked out: from here the order exists (or a retry completes it), and so does its use.
    taken.use = null;
    const done = cart.checkedOut!;
    if (!appended && reusesKeyWithOtherBody(done, request)) throw new UnprocessableEntityException(IDEMPOTENCY_MESSAGES.keyReused);
    const data = event.data as CartCheckedOut['data'];
    const placed = orderPlacedFromCheckout(data);
    if (!placed) {
      const order = await this.completeSchema1(cartId, cart, form, event);
      return { orderNumber: done.orderNumber, orderId: done.orderId, cartId, ...answeredTotals(order), promoMessage: null };
    }
    await this.step('after-order-placed', () => this.placeOrder(cartId, placed, orderPlacedMetadata(event.metadata, event.id)));
    // Its flags (a likely duplicate, a large first order) on the person's screening stream; a retry screens nothing again.
    await this.screening.screen(placed.data);
    return { orderNumber: data.orderNumber, orderId: data.orderId, cartId, ...answeredTotals(placed.data), promoMessage: data.promoMessage ?? null };
  }

  /** One step of the checkout, then its fault hook: the crash test kills the process right after it. */
  private async step<T>(after: CheckoutFaultStep, work: () => Promise<T>): Promise<T> {
    const result = await work();
    crashIfAt(this.fault, after);
    return result;
  }

  /** Step 2 (step 1 inside): CartCheckedOut, or the one the cart recorded when it is checked out already. */
  private async checkOutCart(cartId: string, form: CheckoutForm, request: CheckoutRequest, taken: TakenUse): Promise<CartCheckOut> {
    const ids = checkoutEventIds(cartId);
    const extra = request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined;
    let earlier: RecordedEvent | undefined;
    const result = await this.executor
      .execute({
        stream: cartStream(cartId),
        decider: checkOutDecided,
        commandType: 'CheckOutCart',
        retries: RETRIES,
        metadata: extra,
        // The id carries the order number: the store treats re-appending a known id as an idempotent
        // success, so two racers with one fixed id would both "win" with different numbers.
        eventId: (e) => uuidFromName(`${ids.cartCheckedOut}:${e.data.orderNumber}`),
        command: async (cart, loaded): Promise<CheckOutDecided> => {
          if (cart.checkedOut) {
            earlier = loaded.events.findLast((e) => e.type === 'CartCheckedOut') ?? (await this.lastEvent(cartId));
            return { type: 'CheckOutCart', decision: null };
          }
          const catalogue = await this.catalogue.forCart(cart);
          const checkout = { cartId, orderId: orderIdForCart(cartId), now: new Date().toISOString(), request };
          const decision = await this.step('after-number-reserved', () => this.decideWithReservedNumber(cart, catalogue, form, checkout, extra, taken));
          return { type: 'CheckOutCart', decision };
        },
      })
      .catch((e: unknown) => {
        if (e instanceof WrongExpectedRevision) throw DomainError.conflict('CHECKOUT_CONFLICT', 'The cart changed during checkout. Please try again.');
        throw e;
      });
    if (result.events.length === 0) return { appended: false, cart: result.state, event: earlier! };
    const [{ id, metadata }] = result.appended;
    return { appended: true, cart: result.state, event: { id, metadata, data: result.events[0].data } };
  }

  /**
   * Step 1: the checkout decided on a drawn number, then that number reserved. A refusal throws
   * before anything is reserved. A taken number draws another and decides again: the only time
   * the form is validated twice, and 31^8 numbers make it rare.
   */
  private async decideWithReservedNumber(
    cart: CartState,
    catalogue: CatalogueSnapshot,
    form: CheckoutForm,
    checkout: Omit<CheckoutIds, 'orderNumber'>,
    metadata: Record<string, unknown> | undefined,
    taken: TakenUse,
  ): Promise<CheckoutDecision> {
    for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw++) {
      const orderNumber = newOrderNumber(() => randomInt(0, 2 ** 32) / 2 ** 32);
      const decision = priceAndDecideCheckout(cart, catalogue, form, { ...checkout, orderNumber }, this.rules);
      // A blocked phone is refused before anything is taken or reserved for it.
      if (draw === 0) await this.screening.refuseIfBlocked(decision.orderEvents[0].data.customer.phone);
      // The promo's use is taken before the number: a code used up refuses the checkout, which then reserves nothing.
      if (draw === 0) await this.takePromoUse(decision.orderEvents[0].data, catalogue, metadata, taken);
      try {
        await this.executor.execute({
          stream: orderNumberStream(orderNumber),
          decider: orderNumberDecider,
          command: { type: 'ReserveOrderNumber', data: { orderNumber, cartId: checkout.cartId } },
          newStream: true,
          metadata,
          eventId: () => checkoutEventIds(checkout.cartId).orderNumberReserved(orderNumber),
        });
        return decision;
      } catch (e) {
        if (!(e instanceof WrongExpectedRevision)) throw e;
      }
    }
    throw new Error('Could not reserve a free order number');
  }

  /**
   * The order's use of its promo code, on the code's usage stream (its limit and once-per-customer
   * rule hold across processes: the append expects the revision the decision was made on). The
   * customer is the phone's data subject, never the phone. Remembered in `taken` only when this
   * request appended it, so a failed checkout gives back its own use and never another's.
   */
  private async takePromoUse(order: OrderPlaced['data'], catalogue: CatalogueSnapshot, metadata: Record<string, unknown> | undefined, taken: TakenUse): Promise<void> {
    if (order.promoCode === null || !catalogue.promo) return;
    const appended = await this.promoUses.take(order.promoCode, order.orderId, order.customer.phone, catalogue.promo.rules ?? NO_PROMO_RULES, metadata);
    if (appended) taken.use = { code: order.promoCode, orderId: order.orderId };
  }

  /**
   * Step 3: OrderPlaced through the order's decider (placing a placed order appends nothing).
   * Appended as a new stream, without a read, since it usually is one; when the order is there
   * (placed before, maybe moved on since), the one retry loads it and appends nothing.
   */
  private async placeOrder(cartId: string, placed: OrderPlaced, metadata: EventMetadata): Promise<void> {
    await this.executor.execute({
      stream: orderStream(placed.data.orderId),
      decider: orderDecider,
      command: { type: 'PlaceOrder', data: { order: placed.data } },
      newStream: true,
      retries: 1,
      metadata: { ...metadata },
      eventId: () => checkoutEventIds(cartId).orderPlaced,
    });
  }

  /**
   * A checked-out cart refuses every command, so its CartCheckedOut is its last event: read so when
   * the load started from a snapshot taken after it.
   */
  private async lastEvent(cartId: string): Promise<RecordedEvent | undefined> {
    const [last] = await this.store.readStream(cartStream(cartId), { direction: 'backwards', maxCount: 1 });
    return last?.type === 'CartCheckedOut' ? last : undefined;
  }

  /**
   * Schema-1 CartCheckedOut (written before the order was recorded in it): the order can only be
   * rebuilt from a request's form, priced as of now, with the reserved number. Kept for carts
   * checked out by an older release and never completed; new checkouts never come here.
   */
  private async completeSchema1(cartId: string, cart: CartState, form: CheckoutForm, event: CheckedOutEvent): Promise<OrderPlaced['data'] | null> {
    const done = cart.checkedOut!;
    const [existing] = await this.store.readStream(orderStream(done.orderId), { maxCount: 1 });
    if (existing) return existing.type === 'OrderPlaced' ? (existing.data as OrderPlaced['data']) : null;
    const open: CartState = { ...cart, checkedOut: null };
    let placed: OrderPlaced;
    try {
      const ids = { cartId, orderId: done.orderId, orderNumber: done.orderNumber, now: new Date().toISOString() };
      [placed] = priceAndDecideCheckout(open, await this.catalogue.forCart(open), form, ids, this.rules).orderEvents;
    } catch {
      return null; // this request's form can't complete it; a later retry with a valid form will
    }
    await this.step('after-order-placed', () => this.placeOrder(cartId, placed, orderPlacedMetadata(eventMetadata(), event.id)));
    return placed.data;
  }
}

/** The total and its breakdown as the order recorded them; both null when there is no order to answer. */
function answeredTotals(order: OrderPlaced['data'] | null): Pick<CheckoutAnswer, 'total' | 'totals'> {
  return order ? { total: piastresToEgp(order.totals.total), totals: orderTotalsFields(order.totals, order.promoCode) } : { total: null, totals: null };
}
