/**
 * Prices a cart from the catalogue: the one computation behind GET /user/cart and checkout,
 * so what the shopper sees is what the order records. Integer piastres throughout.
 *
 *   subtotal               Σ catalogue price × quantity (available lines only)
 *   discountFromPromotions Σ (catalogue − discounted unit price) × quantity, best category discount per line
 *   discountFromPromoCode  promo percent of (subtotal − promotions), half-up
 *   shippingCost           0 from the free-shipping threshold, else the governorate's rate (0 until one is chosen)
 *   codFee                 only with COD and a non-empty cart
 *   total                  subtotal − promotions − promo + shipping + codFee
 *   taxAmount              VAT included in the goods (subtotal − promotions − promo), reported, never added
 */
import type { CartState } from '../cart/cart.decider.js';
import type { DomainError } from '../shared/domain-error.js';
import type { Piastres } from '../shared/money.js';
import { percentOf } from '../shared/money.js';
import {
  DEFAULT_SHOP_RULES,
  type Governorate,
  parseGovernorate,
  type PaymentMethod,
  type ShopRules,
} from '../shop-config.js';
import { normalisePromoCode } from '../streams.js';
import { isDiscountInForce } from '../promotion/discount-window.js';
import { NO_PROMO_RULES, type PromoCartFacts, promoCartRefusal, promoRefusals, type PromoRules } from '../promotion/promo-rules.js';
import type { CatalogueSnapshot } from './catalogue-snapshot.js';
import { priceLine, type PricedLine } from './price-line.js';
import { amountToFreeShipping, quoteShipping, type ShippingQuote } from './shipping.js';
import { cartPriceRules, type PriceRule } from './price-rules.js';
import { includedTax } from './tax.js';

export interface PriceCartOptions {
  /** Any spelling parseGovernorate accepts; unknown or missing → shipping not yet known. */
  governorate?: string | null;
  /** Defaults to the cart's chosen method (COD unless chosen otherwise). */
  paymentMethod?: PaymentMethod;
  rules?: ShopRules;
  /**
   * The shop day it is priced on (shopDate), for the promo code's dates and the category
   * discounts' windows. Undefined: dates not checked, as when replaying orders already placed.
   */
  today?: string;
}

export interface CartPricing {
  lines: PricedLine[];
  /** Σ quantity of all lines (the badge count). */
  itemCount: number;
  /** Σ quantity of available poster and custom lines (the minimum-order rule counts these). */
  posterCount: number;
  hasUnavailableLines: boolean;
  subtotal: Piastres;
  discountFromPromotions: Piastres;
  discountFromPromoCode: Piastres;
  /** The promo that was applied to the total, or null. */
  promoCode: string | null;
  promoPercent: number;
  /**
   * The cart's promo could not be applied (deleted or deactivated since, or the cart breaks one
   * of its rules); the total is without it. reason and params: the refusal's code and values.
   */
  promoDropped: { code: string; message: string; reason?: string; params?: Readonly<Record<string, string | number>> } | null;
  governorate: Governorate | null;
  paymentMethod: PaymentMethod;
  shipping: ShippingQuote;
  shippingCost: Piastres;
  amountToFreeShipping: Piastres;
  codFee: Piastres;
  taxRate: number;
  taxAmount: Piastres;
  total: Piastres;
  /** What the cart would cost without any discount (subtotal + shipping + codFee). */
  originalTotal: Piastres;
  /** The cart-wide rules that priced it (free shipping); each line has its own priceRules. */
  priceRules: PriceRule[];
}

type AppliedPromo = Pick<CartPricing, 'promoCode' | 'promoPercent' | 'promoDropped'> & { category: string | null };

const NO_PROMO: AppliedPromo = { promoCode: null, promoPercent: 0, promoDropped: null, category: null };

/** The cart's promo as the catalogue has it: live and active, else dropped with why. */
function livePromo(cart: CartState, catalogue: CatalogueSnapshot): AppliedPromo {
  if (cart.promoCode === null) return NO_PROMO;
  const code = cart.promoCode;
  const promo = catalogue.promo;
  if (!promo || promo.deleted || normalisePromoCode(promo.code) !== code) {
    return { ...NO_PROMO, promoDropped: { code, message: `Promo code ${code} is no longer available`, reason: 'PROMO_CODE_INVALID' } };
  }
  if (!promo.active) {
    return { ...NO_PROMO, promoDropped: { code, message: `Promo code ${code} is no longer active`, reason: 'PROMO_CODE_INACTIVE' } };
  }
  if (promo.usedUp) {
    const refusal = promoRefusals.usedUp();
    return { ...NO_PROMO, promoDropped: { code, message: refusal.message, reason: refusal.code } };
  }
  const percent = Math.min(100, Math.max(0, Math.trunc(promo.percentOff)));
  return { promoCode: code, promoPercent: percent, promoDropped: null, category: promo.rules?.category ?? null };
}

/** The live promo, unless the priced cart breaks one of its rules (its dates, minimum subtotal, category). */
function appliedPromo(live: AppliedPromo, rules: PromoRules, facts: PromoCartFacts): AppliedPromo {
  if (live.promoCode === null) return live;
  const refusal = promoCartRefusal(rules, facts);
  if (!refusal) return live;
  return { ...NO_PROMO, promoDropped: { code: live.promoCode, message: refusal.message, reason: refusal.code, ...(refusal.params ? { params: refusal.params } : {}) } };
}

function promoFacts(unpromoted: readonly PricedLine[], today: string | undefined): PromoCartFacts {
  const available = unpromoted.filter((l) => l.available);
  return { today, subtotal: available.reduce((sum, l) => sum + l.originalLineTotal, 0), categories: available.map((l) => l.category) };
}

/**
 * The rule of the catalogue's promo code this cart breaks on `today` (its dates, minimum subtotal,
 * category), or null: what applying the code refuses with, the same facts priceCart drops it for.
 */
export function promoRuleRefusal(cart: CartState, catalogue: CatalogueSnapshot, today: string): DomainError | null {
  const rules = catalogue.promo?.rules;
  if (!rules) return null;
  const inForce = discountsInForce(catalogue, today);
  return promoCartRefusal(rules, promoFacts(cart.items.map((line) => priceLine(line, inForce, null)), today));
}

/** The catalogue with only the category discounts in force on `today` (all active ones when undefined). */
function discountsInForce(catalogue: CatalogueSnapshot, today: string | undefined): CatalogueSnapshot {
  const discounts = catalogue.discounts.filter((d) => isDiscountInForce(d, today));
  return discounts.length === catalogue.discounts.length ? catalogue : { ...catalogue, discounts };
}

export function priceCart(cart: CartState, everyDiscount: CatalogueSnapshot, options: PriceCartOptions = {}): CartPricing {
  const catalogue = discountsInForce(everyDiscount, options.today);
  const rules = options.rules ?? DEFAULT_SHOP_RULES;
  const paymentMethod = options.paymentMethod ?? cart.paymentMethod;
  const governorate = parseGovernorate(options.governorate) ?? null;

  // Lines are priced without the promo first: whether it applies depends on their subtotal.
  const unpromoted = cart.items.map((line) => priceLine(line, catalogue, null));
  const live = livePromo(cart, catalogue);
  const promo = appliedPromo(live, catalogue.promo?.rules ?? NO_PROMO_RULES, promoFacts(unpromoted, options.today));
  const linePromo = promo.promoCode === null ? null : { code: promo.promoCode, percent: promo.promoPercent };
  const takesPromo = (category: string | null) => linePromo !== null && (promo.category === null || promo.category === category);
  const lines = linePromo === null ? unpromoted : cart.items.map((line, i) => (takesPromo(unpromoted[i].category) ? priceLine(line, catalogue, linePromo) : unpromoted[i]));
  const counted = lines.filter((l) => l.available);
  const subtotal = counted.reduce((sum, l) => sum + l.originalLineTotal, 0);
  const discountedSubtotal = counted.reduce((sum, l) => sum + l.lineTotal, 0);
  const discountFromPromotions = subtotal - discountedSubtotal;
  // A code for one category takes its percent off that category's lines only.
  const promoBase = counted.filter((l) => takesPromo(l.category)).reduce((sum, l) => sum + l.lineTotal, 0);

  const discountFromPromoCode = percentOf(promoBase, promo.promoPercent);
  const goods = discountedSubtotal - discountFromPromoCode;

  const shipping = quoteShipping(subtotal, governorate, rules);
  const codFee = paymentMethod === 'COD' && counted.length > 0 ? rules.codFee : 0;

  return {
    lines,
    itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    posterCount: counted.filter((l) => l.kind !== 'addon').reduce((sum, l) => sum + l.quantity, 0),
    hasUnavailableLines: counted.length !== lines.length,
    subtotal,
    discountFromPromotions,
    discountFromPromoCode,
    promoCode: promo.promoCode,
    promoPercent: promo.promoPercent,
    promoDropped: promo.promoDropped,
    governorate,
    paymentMethod,
    shipping,
    shippingCost: shipping.cost,
    amountToFreeShipping: counted.length === 0 ? rules.freeShippingThreshold : amountToFreeShipping(subtotal, rules),
    codFee,
    taxRate: rules.taxRate,
    taxAmount: includedTax(goods, rules.taxRate),
    total: goods + shipping.cost + codFee,
    originalTotal: subtotal + shipping.cost + codFee,
    priceRules: cartPriceRules(subtotal, rules.freeShippingThreshold),
  };
}
