import type { CartPricing } from '#domain/pricing/price-cart.js';
import { piastresToEgp as egp } from '#domain/shared/money.js';
import type { ShopRules } from '#domain/shop-config.js';
import { priceRuleViews } from '../common/price-rule-view.js';
import type { CartView } from './cart-response.js';

/** A priced cart as the storefront reads it (spec section 3), money in EGP with 2 decimals. */
export function cartView(cartId: string, pricing: CartPricing, rules: ShopRules, checkedOut = false): CartView {
  return {
    cartId,
    items: pricing.lines.map((l) => ({
      itemId: l.itemId,
      id: l.itemId,
      kind: l.kind,
      posterId: l.posterId,
      productId: l.productId,
      variantId: l.variantId,
      posterName: l.name,
      name: l.name,
      posterNameAr: l.nameAr ?? null,
      category: l.category,
      imageUrl: l.imageUrl,
      customImagePath: l.customImagePath,
      size: l.size,
      quantity: l.quantity,
      price: egp(l.unitPrice),
      originalPrice: egp(l.originalUnitPrice),
      finalPrice: egp(l.unitPrice),
      discountPercentage: l.discountPercentage,
      subtotal: egp(l.lineTotal),
      available: l.available,
      unavailableMessage: l.unavailable?.message ?? null,
      priceRules: priceRuleViews(l.priceRules),
    })),
    itemCount: pricing.itemCount,
    posterCount: pricing.posterCount,
    subtotal: egp(pricing.subtotal),
    discountFromPromotions: egp(pricing.discountFromPromotions),
    promoCode: pricing.promoCode,
    promoDiscount: pricing.promoPercent,
    discountFromPromoCode: egp(pricing.discountFromPromoCode),
    promoMessage: pricing.promoDropped?.message ?? null,
    promoDropped: pricing.promoDropped && {
      code: pricing.promoDropped.code,
      reason: pricing.promoDropped.reason ?? 'PROMO_CODE_INVALID',
      message: pricing.promoDropped.message,
      params: { ...pricing.promoDropped.params },
    },
    governorate: pricing.governorate,
    shippingCost: egp(pricing.shippingCost),
    shipping: egp(pricing.shippingCost),
    freeShipping: pricing.shipping.kind === 'free' && pricing.lines.length > 0,
    amountToFreeShipping: egp(pricing.amountToFreeShipping),
    freeShippingThreshold: egp(rules.freeShippingThreshold),
    paymentMethod: pricing.paymentMethod,
    codFee: egp(pricing.codFee),
    taxRate: pricing.taxRate,
    taxAmount: egp(pricing.taxAmount),
    total: egp(pricing.total),
    originalTotal: egp(pricing.originalTotal),
    checkedOut,
    priceRules: priceRuleViews(pricing.priceRules),
  };
}
