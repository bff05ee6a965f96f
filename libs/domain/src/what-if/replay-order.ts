/**
 * Prices a placed order's cart again through priceCart, the function that priced it at
 * checkout, optionally with a draft promotion added. The order event is the record of its
 * pricing configuration: every line's catalogue price, category and category discount, the
 * promo percent, the shipping and COD fee paid. Rebuilding the cart and catalogue from it
 * (rather than folding the catalogue streams to the order's position) reproduces the recorded
 * totals exactly, even where a catalogue edit raced the checkout, and reads one event an order.
 */
import type { CartState } from '../cart/cart.decider.js';
import type { CartLine } from '../cart/events.js';
import type { OrderPlaced } from '../order/events.js';
import type { CatalogueSnapshot, DiscountSnapshot, PosterSnapshot, ProductSnapshot } from '../pricing/catalogue-snapshot.js';
import { type CartPricing, priceCart, promoRuleRefusal } from '../pricing/price-cart.js';
import type { Piastres } from '../shared/money.js';
import { shopDate } from '../shared/shop-date.js';
import { type Category, isCategory, type PosterSize, type ShopRules } from '../shop-config.js';
import { NO_PROMO_RULES } from '../promotion/promo-rules.js';
import type { DraftPromoUses } from './draft-promo-uses.js';
import type { PromotionDraft } from './promotion-draft.js';

export type PlacedOrder = OrderPlaced['data'];

/** The draft's discount is told apart from the recorded ones by an id no discount stream gives. */
const DRAFT_DISCOUNT_ID = -1;

function cartOf(order: PlacedOrder): CartState {
  const items: CartLine[] = order.items.map((i) => ({
    itemId: i.itemId,
    kind: i.kind,
    posterId: i.posterId,
    variantId: i.variantId,
    productId: i.productId,
    size: i.size,
    quantity: i.quantity,
    customImagePath: i.customImagePath,
  }));
  return { items, promoCode: order.promoCode, paymentMethod: order.paymentMethod, checkedOut: null };
}

/**
 * One discount per discounted line, for the line's category (null: all categories). The best of
 * these for any line of the order is the percentage the line recorded: lines of one category
 * recorded the same best discount, and an all-categories one never exceeds a category's best.
 */
function recordedDiscounts(order: PlacedOrder): DiscountSnapshot[] {
  return order.items
    .filter((i) => i.discountPercentage > 0)
    .map((i, n) => ({ discountId: n + 1, category: i.category, percentage: i.discountPercentage, active: true }));
}

/**
 * A code for one category priced only that category's lines: the lines' rules show which. A code
 * every line took (or none did: a dropped promo is not recorded) was for every category.
 */
function recordedPromoCategory(order: PlacedOrder): Category | null {
  const took = order.items.filter((i) => (i.priceRules ?? []).some((r) => r.rule === 'PROMO_CODE'));
  if (took.length === 0 || took.length === order.items.length) return null;
  const category = took[0].category;
  return isCategory(category) ? category : null;
}

function catalogueOf(order: PlacedOrder): CatalogueSnapshot {
  const posters: Record<string, PosterSnapshot & { variants: Array<PosterSnapshot['variants'][number]> }> = {};
  const products: Record<string, ProductSnapshot> = {};
  const customPrices: Partial<Record<PosterSize, Piastres>> = {};
  for (const i of order.items) {
    if (i.kind === 'poster' && i.posterId !== null) {
      const poster = (posters[i.posterId] ??= { name: i.name, category: i.category, imageUrl: i.imageUrl, visible: true, deleted: false, variants: [] });
      if (i.variantId !== null && i.size !== null) poster.variants.push({ variantId: i.variantId, size: i.size, price: i.originalUnitPrice });
    } else if (i.kind === 'custom') {
      customPrices[i.size ?? 'SIZE_20x30'] = i.originalUnitPrice;
    } else if (i.kind === 'addon' && i.productId !== null) {
      products[i.productId] = { name: i.name, price: i.originalUnitPrice, imageUrl: i.imageUrl, deleted: false };
    }
  }
  const promo =
    order.promoCode === null
      ? null
      : { code: order.promoCode, percentOff: order.promoPercent, active: true, deleted: false, rules: { ...NO_PROMO_RULES, category: recordedPromoCategory(order) } };
  return { posters, products, customPrices, discounts: recordedDiscounts(order), promo };
}

/**
 * The shop's rules as this order shows they stood: the COD fee and its governorate's rate it
 * paid, and a threshold on the side of its subtotal that its shipping shows (the threshold is
 * configuration, not recorded). Other rules come from `current`.
 */
export function rulesAsRecorded(order: PlacedOrder, current: ShopRules): ShopRules {
  const { subtotal, shippingCost, codFee } = order.totals;
  const governorate = order.customer.governorate;
  const paidShipping = shippingCost > 0;
  let threshold = current.freeShippingThreshold;
  if (paidShipping && threshold <= subtotal) threshold = subtotal + 1;
  if (!paidShipping && subtotal > 0 && threshold > subtotal) threshold = subtotal;
  return {
    ...current,
    freeShippingThreshold: threshold,
    codFee: order.paymentMethod === 'COD' ? codFee : current.codFee,
    shippingRates: paidShipping ? { ...current.shippingRates, [governorate]: shippingCost } : current.shippingRates,
  };
}

/**
 * The draft added to the order's configuration. The draft code replaces the order's own only where
 * it would have been taken: its rules hold for this cart on its day, its uses allow one more, and
 * it takes more off than the order's own code (or is that very code).
 */
function withDraft(order: PlacedOrder, cart: CartState, catalogue: CatalogueSnapshot, rules: ShopRules, draft: PromotionDraft, today: string, uses: DraftPromoUses | null) {
  let discounts = catalogue.discounts;
  if (draft.categoryDiscount) discounts = [...discounts, { discountId: DRAFT_DISCOUNT_ID, ...draft.categoryDiscount, active: true }];
  const withDiscount = { ...catalogue, discounts };
  let { promo } = catalogue;
  let { promoCode } = cart;
  if (draft.promoCode) {
    const own = cart.promoCode === null ? 0 : catalogue.promo?.percentOff ?? 0;
    const candidate = { code: draft.promoCode.code, percentOff: draft.promoCode.percentOff, active: true, deleted: false, rules: draft.promoCode.rules ?? NO_PROMO_RULES };
    const wanted = cart.promoCode === draft.promoCode.code || draft.promoCode.percentOff > own;
    const allowed = wanted && promoRuleRefusal({ ...cart, promoCode: candidate.code }, { ...withDiscount, promo: candidate }, today) === null && (uses?.allows(order, candidate.rules) ?? true);
    if (allowed) {
      promoCode = draft.promoCode.code;
      promo = candidate;
    } else if (cart.promoCode === draft.promoCode.code) {
      // The order's own code, as drafted, would have been refused: no code at all.
      promoCode = null;
      promo = null;
    }
  }
  return {
    cart: { ...cart, promoCode },
    catalogue: { ...withDiscount, promo },
    rules: {
      ...rules,
      freeShippingThreshold: draft.freeShippingThreshold ?? rules.freeShippingThreshold,
      codFee: draft.codFee ?? rules.codFee,
    },
  };
}

/**
 * The order priced again, as recorded (no draft) or with the draft added to its configuration, on
 * the shop day it was placed (the draft's windows are checked against it; the recorded discounts
 * and code have none). uses: the draft code's uses by the orders replayed before this one.
 */
export function replayOrder(order: PlacedOrder, current: ShopRules, draft: PromotionDraft | null = null, uses: DraftPromoUses | null = null): CartPricing {
  let cart = cartOf(order);
  let catalogue = catalogueOf(order);
  let rules = rulesAsRecorded(order, current);
  const today = shopDate(order.placedAt);
  if (draft) ({ cart, catalogue, rules } = withDraft(order, cart, catalogue, rules, draft, today, uses));
  return priceCart(cart, catalogue, { governorate: order.customer.governorate, paymentMethod: order.paymentMethod, rules, today });
}
