import { randomInt } from 'node:crypto';
import { Inject, UnprocessableEntityException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import type { CartCheckedOut, CheckoutRequest } from '#domain/cart/events.js';
import { decideCheckout, orderPlacedFromCheckout, type CheckoutIds } from '#domain/checkout/checkout.decider.js';
import { checkoutRequest, IDEMPOTENCY_MESSAGES, reusesKeyWithOtherBody } from '#domain/checkout/checkout-request.js';
import { validateCheckoutForm } from '#domain/checkout/checkout-form.js';
import type { CheckoutForm } from '#domain/checkout/commands.js';
import { checkoutEventIds, newOrderNumber, orderIdForCart, orderPlacedMetadata, reserveOrderNumber } from '#domain/checkout/order-number.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { priceCart, type CartPricing } from '#domain/pricing/price-cart.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { piastresToEgp } from '#domain/shared/money.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import type { ShopRules } from '#domain/shop-config.js';
import { cartStream, orderNumberStream, orderStream } from '#domain/streams.js';
import { WrongExpectedRevision, type EventMetadata, type EventStore, type RecordedEvent } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { eventMetadata, type Decider } from '../../common/execute-decider.js';
import { recordPosition } from '../../common/request-context.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { SHOP_RULES } from '../../catalog/shop-rules.js';
import { CatalogueLoader } from '../catalogue-loader.service.js';
import { CartWriter } from '../cart-writer.service.js';
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
/** A racing checkout or a cart change makes the append fail: look again, at most this often. */
const RETRIES = 4;
const MAX_NUMBER_DRAWS = 10;

/**
 * What one checkout attempt decides on: the cart priced for the form, and the reserved number.
 * null: the cart is checked out already, nothing to decide (the answer is the order it recorded).
 */
interface CheckOutCart {
  type: 'CheckOutCart';
  data: { pricing: CartPricing; form: CheckoutForm; ids: CheckoutIds } | null;
}

/** A CartCheckedOut as stored or as just appended: its id and metadata make OrderPlaced's. */
type CheckedOutEvent = Pick<RecordedEvent, 'id' | 'data' | 'metadata'>;

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
  private readonly decider: Decider<CartState, CheckOutCart, CartCheckedOut> = {
    initialState: cartDecider.initialState,
    evolve: cartDecider.evolve,
    decide: ({ data }, cart) => (data ? decideCheckout(cart, data.pricing, data.form, data.ids, this.rules).cartEvents : []),
  };

  constructor(
    private readonly executor: DeciderExecutor,
    private readonly cart: CartWriter,
    private readonly catalogue: CatalogueLoader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
  ) {}

  execute({ cartId, form, idempotencyKey }: CheckOutCartCommand): Promise<CheckoutAnswer> {
    return this.cart.exclusive(cartId, () => this.checkout(cartId, form, checkoutRequest(form, idempotencyKey)));
  }

  private async checkout(cartId: string, form: CheckoutForm, request: CheckoutRequest): Promise<CheckoutAnswer> {
    const orderId = orderIdForCart(cartId);
    const ids = checkoutEventIds(cartId);
    const extra = request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined;
    let recorded: RecordedEvent | undefined;
    const result = await this.executor
      .execute({
        stream: cartStream(cartId),
        decider: this.decider,
        commandType: 'CheckOutCart',
        retries: RETRIES,
        metadata: extra,
        // The id carries the order number: the store treats re-appending a known id as an idempotent
        // success, so two racers with one fixed id would both "win" with different numbers.
        eventId: (e) => uuidFromName(`${ids.cartCheckedOut}:${e.data.orderNumber}`),
        command: async (cart, loaded): Promise<CheckOutCart> => {
          if (cart.checkedOut) {
            recorded = loaded.events.findLast((e) => e.type === 'CartCheckedOut') ?? (await this.lastEvent(cartId));
            return { type: 'CheckOutCart', data: null };
          }
          const now = new Date().toISOString();
          const pricing = await this.price(cart, form);
          // Decided once on a stand-in number first: a refused checkout reserves no number.
          decideCheckout(cart, pricing, form, { cartId, orderId, orderNumber: PLACEHOLDER_NUMBER, now }, this.rules);
          const orderNumber = await this.reserveOrderNumber(cartId, ids.orderNumberReserved, extra);
          crashIfAt(this.fault, 'after-number-reserved');
          return { type: 'CheckOutCart', data: { pricing, form, ids: { cartId, orderId, orderNumber, now, request } } };
        },
      })
      .catch((e: unknown) => {
        if (e instanceof WrongExpectedRevision) throw DomainError.conflict('CHECKOUT_CONFLICT', 'The cart changed during checkout. Please try again.');
        throw e;
      });
    if (result.events.length === 0) return this.answerPlaced(cartId, result.state, recorded!, form, request);
    crashIfAt(this.fault, 'after-cart-checked-out');
    const [{ id, metadata }] = result.appended;
    const answer = await this.completeOrder(cartId, { id, metadata, data: result.events[0].data });
    crashIfAt(this.fault, 'after-order-placed');
    return answer!;
  }

  /**
   * The cart is checked out (by this request's earlier try, another tab, a crashed process): the
   * answer is the order it decided, whatever this body says. Its OrderPlaced is appended again,
   * a no-op when it is there, the completion of a half-done checkout when it is not.
   */
  private async answerPlaced(cartId: string, cart: CartState, event: RecordedEvent, form: CheckoutForm, request: CheckoutRequest): Promise<CheckoutAnswer> {
    const done = cart.checkedOut!;
    if (reusesKeyWithOtherBody(done, request)) throw new UnprocessableEntityException(IDEMPOTENCY_MESSAGES.keyReused);
    const answer = await this.completeOrder(cartId, event);
    if (answer) return answer;
    const total = await this.completeSchema1(cartId, cart, form, event);
    return { orderNumber: done.orderNumber, orderId: done.orderId, cartId, total, promoMessage: null };
  }

  /** Appends the OrderPlaced a CartCheckedOut decided and answers it; undefined for schema 1 (no order recorded). */
  private async completeOrder(cartId: string, event: CheckedOutEvent): Promise<CheckoutAnswer | undefined> {
    const data = event.data as CartCheckedOut['data'];
    const placed = orderPlacedFromCheckout(data);
    if (!placed) return undefined;
    await this.placeOrder(data.orderId, placed, orderPlacedMetadata(event.metadata, event.id), checkoutEventIds(cartId).orderPlaced);
    return { orderNumber: data.orderNumber, orderId: data.orderId, cartId, total: piastresToEgp(placed.data.totals.total), promoMessage: data.promoMessage ?? null };
  }

  /**
   * A checked-out cart refuses every command, so its CartCheckedOut is its last event: read so when
   * the load started from a snapshot taken after it.
   */
  private async lastEvent(cartId: string): Promise<RecordedEvent | undefined> {
    const [last] = await this.store.readStream(cartStream(cartId), { direction: 'backwards', maxCount: 1 });
    return last?.type === 'CartCheckedOut' ? last : undefined;
  }

  /** The cart priced for the form's governorate and payment method, as decideCheckout wants it. */
  private async price(cart: CartState, form: CheckoutForm): Promise<CartPricing> {
    // An empty cart is refused before the form is looked at ("Your cart is empty" first).
    const valid = cart.items.length > 0 ? validateCheckoutForm(form) : undefined;
    const catalogue = await this.catalogue.forCart(cart);
    return priceCart(cart, catalogue, { governorate: valid?.customer.governorate ?? null, paymentMethod: valid?.paymentMethod, rules: this.rules });
  }

  private async reserveOrderNumber(cartId: string, eventId: (n: string) => string, extra: Record<string, unknown> | undefined): Promise<string> {
    for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw++) {
      const orderNumber = newOrderNumber(() => randomInt(0, 2 ** 32) / 2 ** 32);
      const reserved = reserveOrderNumber(orderNumber, cartId);
      try {
        await this.store.append(orderNumberStream(orderNumber), [{ id: eventId(orderNumber), ...reserved, metadata: eventMetadata(extra) }], { expectedRevision: 'no_stream' });
        return orderNumber;
      } catch (e) {
        if (!(e instanceof WrongExpectedRevision)) throw e;
      }
    }
    throw new Error('Could not reserve a free order number');
  }

  private async placeOrder(orderId: string, placed: OrderPlaced, metadata: EventMetadata, eventId: string): Promise<void> {
    try {
      const result = await this.store.append(orderStream(orderId), [{ id: eventId, type: placed.type, data: placed.data, metadata }], { expectedRevision: 'no_stream' });
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
    const [existing] = await this.store.readStream(orderStream(done.orderId), { maxCount: 1 });
    if (existing) return existing.type === 'OrderPlaced' ? piastresToEgp((existing.data as OrderPlaced['data']).totals.total) : null;
    const open: CartState = { ...cart, checkedOut: null };
    let placed: OrderPlaced;
    try {
      const pricing = await this.price(open, form);
      [placed] = decideCheckout(open, pricing, form, { cartId, orderId: done.orderId, orderNumber: done.orderNumber, now: new Date().toISOString() }, this.rules).orderEvents;
    } catch {
      return null; // this request's form can't complete it; a later retry with a valid form will
    }
    await this.placeOrder(done.orderId, placed, orderPlacedMetadata(eventMetadata(), event.id), checkoutEventIds(cartId).orderPlaced);
    return piastresToEgp(placed.data.totals.total);
  }
}
