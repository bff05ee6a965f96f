/**
 * Cart aggregate (`cart-<cartId>`). Holds lines by reference (poster variant, custom image,
 * add-on) and no prices: priceCart prices it from the catalogue whenever it is read.
 * Facts from other aggregates (poster variants, add-on existence, promo state) arrive in
 * the command, loaded by the handler from their streams.
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, trimmed } from '../shared/validation.js';
import {
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_SHOP_RULES,
  isPaymentMethod,
  isPosterSize,
  type PaymentMethod,
  type PosterSize,
} from '../shop-config.js';
import { normalisePromoCode } from '../streams.js';
import { CART_MESSAGES, cartErrors, MAX_CART_LINES } from './cart-errors.js';
import type { CartCommand, CartPosterSnapshot } from './commands.js';
import type { OrderPlaced } from '../order/events.js';
import type { CartEvent, CartLine, CheckoutRequest } from './events.js';

/** What CartCheckedOut decided; order and request are null for schema-1 events. */
export interface CheckedOutCart {
  orderId: string;
  orderNumber: string;
  order: OrderPlaced['data'] | null;
  request: CheckoutRequest | null;
  promoMessage: string | null;
}

export interface CartState {
  /** In the order they were added (the drawer shows them so). */
  items: readonly CartLine[];
  promoCode: string | null;
  paymentMethod: PaymentMethod;
  /** Set once; a checked-out cart refuses every command. */
  checkedOut: CheckedOutCart | null;
}

export const initialCartState: CartState = Object.freeze({
  items: [],
  promoCode: null,
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  checkedOut: null,
});

const MAX_QUANTITY = DEFAULT_SHOP_RULES.maxQuantityPerLine;

function requireQuantity(quantity: unknown): asserts quantity is number {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
    throw DomainError.validation('INVALID_QUANTITY', CART_MESSAGES.quantityTooLow);
  }
  if (quantity > MAX_QUANTITY) throw DomainError.validation('QUANTITY_TOO_HIGH', CART_MESSAGES.quantityTooHigh);
}

function requireLine(state: CartState, itemId: string): CartLine {
  const line = state.items.find((l) => l.itemId === itemId);
  if (!line) throw cartErrors.itemNotFound();
  return line;
}

function requireNewItemId(state: CartState, itemId: string): void {
  if (isBlank(itemId)) throw new Error('A cart line needs an itemId');
  if (state.items.some((l) => l.itemId === itemId)) throw DomainError.conflict('CART_ITEM_EXISTS', 'Cart item already exists');
  // Every new line passes here, so no ItemAddedToCart can take a cart past the cap.
  if (state.items.length >= MAX_CART_LINES) throw DomainError.validation('CART_TOO_MANY_LINES', CART_MESSAGES.tooManyLines);
}

/** A hidden or deleted poster cannot be added or resized; the shopper is told it is unavailable. */
function requireAvailablePoster(poster: CartPosterSnapshot | null): CartPosterSnapshot {
  if (!poster) throw DomainError.notFound('POSTER_NOT_FOUND', CART_MESSAGES.posterNotFound);
  if (poster.deleted || !poster.visible) throw cartErrors.posterUnavailable();
  return poster;
}

/** Finds the variant by id when given (and checks the size agrees), else by size. */
function resolveVariant(poster: CartPosterSnapshot, variantId: string | null, size: string | null) {
  if (isBlank(variantId) && isBlank(size)) throw DomainError.validation('SIZE_REQUIRED', CART_MESSAGES.selectSize);
  const variant = !isBlank(variantId)
    ? poster.variants.find((v) => v.variantId === variantId)
    : poster.variants.find((v) => v.size === size);
  if (!variant || (!isBlank(size) && variant.size !== size)) throw cartErrors.sizeUnavailable();
  return variant;
}

/** The standard line an added poster merges into: same poster, variant and size, not custom. */
function findMatchingPosterLine(state: CartState, posterId: string, variantId: string, size: PosterSize, exceptItemId?: string) {
  return state.items.find(
    (l) => l.kind === 'poster' && l.itemId !== exceptItemId && l.posterId === posterId && l.variantId === variantId && l.size === size,
  );
}

function mergeInto(line: CartLine, added: number): CartEvent {
  const quantity = line.quantity + added;
  if (quantity > MAX_QUANTITY) throw DomainError.validation('QUANTITY_TOO_HIGH', CART_MESSAGES.quantityTooHigh);
  return { type: 'CartItemQuantityChanged', data: { itemId: line.itemId, quantity, previousQuantity: line.quantity } };
}

export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  if (state.checkedOut) throw cartErrors.checkedOut();
  switch (command.type) {
    case 'AddPosterToCart': {
      const { itemId, posterId, quantity } = command.data;
      requireQuantity(quantity);
      const poster = requireAvailablePoster(command.data.poster);
      if (poster.posterId !== posterId) throw new Error('The poster snapshot is not the poster being added');
      const variant = resolveVariant(poster, command.data.variantId, command.data.size);
      const existing = findMatchingPosterLine(state, posterId, variant.variantId, variant.size);
      if (existing) return [mergeInto(existing, quantity)];
      requireNewItemId(state, itemId);
      return [
        {
          type: 'ItemAddedToCart',
          data: {
            itemId,
            kind: 'poster',
            posterId,
            variantId: variant.variantId,
            productId: null,
            size: variant.size,
            quantity,
            customImagePath: null,
          },
        },
      ];
    }
    case 'AddCustomPosterToCart': {
      const { itemId, size, quantity, customImagePath } = command.data;
      if (isBlank(customImagePath)) throw DomainError.validation('CUSTOM_IMAGE_REQUIRED', CART_MESSAGES.imageRequired);
      if (isBlank(size)) throw DomainError.validation('SIZE_REQUIRED', CART_MESSAGES.selectPosterSize);
      if (!isPosterSize(size)) throw DomainError.validation('INVALID_SIZE', CART_MESSAGES.invalidSize);
      requireQuantity(quantity);
      requireNewItemId(state, itemId);
      return [
        {
          type: 'ItemAddedToCart',
          data: { itemId, kind: 'custom', posterId: null, variantId: null, productId: null, size, quantity, customImagePath: trimmed(customImagePath) },
        },
      ];
    }
    case 'AddAddOnToCart': {
      const { itemId, productId, quantity, product } = command.data;
      requireQuantity(quantity);
      if (!product || product.deleted) throw DomainError.notFound('ADDON_NOT_FOUND', CART_MESSAGES.addOnNotFound);
      requireNewItemId(state, itemId);
      return [
        {
          type: 'ItemAddedToCart',
          data: { itemId, kind: 'addon', posterId: null, variantId: null, productId, size: null, quantity, customImagePath: null },
        },
      ];
    }
    case 'ChangeCartItemQuantity': {
      const line = requireLine(state, command.data.itemId);
      requireQuantity(command.data.quantity);
      if (command.data.quantity === line.quantity) return [];
      return [
        {
          type: 'CartItemQuantityChanged',
          data: { itemId: line.itemId, quantity: command.data.quantity, previousQuantity: line.quantity },
        },
      ];
    }
    case 'ChangeCartItemSize':
      return changeSize(state, command.data.itemId, command.data.size, command.data.poster);
    case 'RemoveItemFromCart': {
      const line = requireLine(state, command.data.itemId);
      return [{ type: 'ItemRemovedFromCart', data: { itemId: line.itemId } }];
    }
    case 'ClearCart':
      return state.items.length === 0 ? [] : [{ type: 'CartCleared', data: {} }];
    case 'ApplyPromoCode': {
      const code = normalisePromoCode(typeof command.data.code === 'string' ? command.data.code : '');
      if (code.length === 0) throw DomainError.validation('PROMO_CODE_REQUIRED', CART_MESSAGES.promoRequired);
      const promo = command.data.promo;
      if (!promo || promo.deleted || normalisePromoCode(promo.code) !== code) {
        throw DomainError.validation('PROMO_CODE_INVALID', CART_MESSAGES.promoInvalid);
      }
      if (!promo.active) throw DomainError.validation('PROMO_CODE_INACTIVE', CART_MESSAGES.promoInactive);
      return state.promoCode === code ? [] : [{ type: 'PromoCodeApplied', data: { code } }];
    }
    case 'RemovePromoCode':
      return state.promoCode === null ? [] : [{ type: 'PromoCodeRemovedFromCart', data: { code: state.promoCode } }];
    case 'ChoosePaymentMethod': {
      const method = trimmed(command.data.method).toUpperCase();
      if (!isPaymentMethod(method)) throw DomainError.validation('INVALID_PAYMENT_METHOD', CART_MESSAGES.invalidPaymentMethod);
      return method === state.paymentMethod ? [] : [{ type: 'PaymentMethodChosen', data: { method } }];
    }
    default:
      return assertNever(command, 'cart command');
  }
}

/**
 * A poster line resized onto a size another line already holds is merged into that line,
 * so "one line per poster variant" holds whichever way the shopper got there.
 */
function changeSize(state: CartState, itemId: string, size: string, poster: CartPosterSnapshot | null): CartEvent[] {
  const line = requireLine(state, itemId);
  if (line.kind === 'addon' || line.size === null) throw DomainError.validation('ADDON_HAS_NO_SIZE', CART_MESSAGES.addOnHasNoSize);
  if (!isPosterSize(size)) throw DomainError.validation('INVALID_SIZE', CART_MESSAGES.invalidSize);
  if (size === line.size) return [];
  if (line.kind === 'custom') {
    return [{ type: 'CartItemSizeChanged', data: { itemId, size, variantId: null, previousSize: line.size } }];
  }
  const available = requireAvailablePoster(poster);
  if (available.posterId !== line.posterId) throw new Error('The poster snapshot is not the line\'s poster');
  const variant = resolveVariant(available, null, size);
  const twin = findMatchingPosterLine(state, available.posterId, variant.variantId, variant.size, itemId);
  if (twin) return [mergeInto(twin, line.quantity), { type: 'ItemRemovedFromCart', data: { itemId } }];
  return [{ type: 'CartItemSizeChanged', data: { itemId, size, variantId: variant.variantId, previousSize: line.size } }];
}

export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'ItemAddedToCart':
      return { ...state, items: [...state.items, { ...event.data }] };
    case 'CartItemQuantityChanged':
      return {
        ...state,
        items: state.items.map((l) => (l.itemId === event.data.itemId ? { ...l, quantity: event.data.quantity } : l)),
      };
    case 'CartItemSizeChanged':
      return {
        ...state,
        items: state.items.map((l) =>
          l.itemId === event.data.itemId ? { ...l, size: event.data.size, variantId: event.data.variantId } : l,
        ),
      };
    case 'ItemRemovedFromCart':
      return { ...state, items: state.items.filter((l) => l.itemId !== event.data.itemId) };
    case 'CartCleared':
      // Clearing empties the lines only; the applied promo and payment method stay chosen.
      return { ...state, items: [] };
    case 'PromoCodeApplied':
      return { ...state, promoCode: event.data.code };
    case 'PromoCodeRemovedFromCart':
      return { ...state, promoCode: null };
    case 'PaymentMethodChosen':
      return { ...state, paymentMethod: event.data.method };
    case 'CartCheckedOut':
      return {
        ...state,
        checkedOut: {
          orderId: event.data.orderId,
          orderNumber: event.data.orderNumber,
          order: event.data.order ?? null,
          request: event.data.request ?? null,
          promoMessage: event.data.promoMessage ?? null,
        },
      };
    default:
      return assertNever(event, 'cart event');
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  decide: decideCart,
  evolve: evolveCart,
  initialState: initialCartState,
};
