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
  /** The cart's promo could not be applied (deleted or deactivated since); the total is without it. */
  promoDropped: { code: string; message: string } | null;
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

function appliedPromo(cart: CartState, catalogue: CatalogueSnapshot): Pick<CartPricing, 'promoCode' | 'promoPercent' | 'promoDropped'> {
  if (cart.promoCode === null) return { promoCode: null, promoPercent: 0, promoDropped: null };
  const code = cart.promoCode;
  const promo = catalogue.promo;
  if (!promo || promo.deleted || normalisePromoCode(promo.code) !== code) {
    return { promoCode: null, promoPercent: 0, promoDropped: { code, message: `Promo code ${code} is no longer available` } };
  }
  if (!promo.active) {
    return { promoCode: null, promoPercent: 0, promoDropped: { code, message: `Promo code ${code} is no longer active` } };
  }
  return { promoCode: code, promoPercent: Math.min(100, Math.max(0, Math.trunc(promo.percentOff))), promoDropped: null };
}

export function priceCart(cart: CartState, catalogue: CatalogueSnapshot, options: PriceCartOptions = {}): CartPricing {
  const rules = options.rules ?? DEFAULT_SHOP_RULES;
  const paymentMethod = options.paymentMethod ?? cart.paymentMethod;
  const governorate = parseGovernorate(options.governorate) ?? null;

  const promo = appliedPromo(cart, catalogue);
  const linePromo = promo.promoCode === null ? null : { code: promo.promoCode, percent: promo.promoPercent };
  const lines = cart.items.map((line) => priceLine(line, catalogue, linePromo));
  const counted = lines.filter((l) => l.available);
  const subtotal = counted.reduce((sum, l) => sum + l.originalLineTotal, 0);
  const discountedSubtotal = counted.reduce((sum, l) => sum + l.lineTotal, 0);
  const discountFromPromotions = subtotal - discountedSubtotal;

  const discountFromPromoCode = percentOf(discountedSubtotal, promo.promoPercent);
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
    ...promo,
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
