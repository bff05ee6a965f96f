import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import { shopDate } from '#domain/shared/shop-date.js';
import { priceCart } from '#domain/pricing/price-cart.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { Governorate, PosterSize, ShopRules } from '#domain/shop-config.js';
import { orderIdForCart } from '#domain/checkout/order-number.js';
import type { CatalogueSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { promoUsageDecider, usesHeld } from '#domain/promotion/promo-usage.decider.js';
import { cartStream, promoUsageStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { SHOP_RULES } from '../catalog/shop-rules.js';
import { CatalogueLoader } from './catalogue-loader.service.js';
import type { CartAnswer } from './cart-response.js';
import { cartView } from './cart-view.js';

const CART_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$/;

/**
 * The cart as the storefront sees it, priced from the write side with the same priceCart the
 * checkout uses (ADR 003): carts are not a read model, so this is their read service.
 */
@Injectable()
export class CartReads {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueLoader,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
  ) {}

  newCartId(): string {
    return randomUUID();
  }

  /** The X-Cart-Id header if it looks like a cart id, else undefined (the caller issues a new one). */
  cartIdFrom(header: unknown): string | undefined {
    return typeof header === 'string' && CART_ID.test(header.trim()) ? header.trim() : undefined;
  }

  /** A checked-out cart is finished: the shopper continues with a new, empty one. */
  async getCart(cartId: string | undefined, governorate?: string): Promise<CartAnswer> {
    const id = cartId ?? this.newCartId();
    const { state } = await this.executor.load(cartStream(id), cartDecider);
    if (state.checkedOut) return this.price(this.newCartId(), cartDecider.initialState, governorate);
    return this.price(id, state, governorate);
  }

  async price(cartId: string, state: CartState, governorate?: string): Promise<CartAnswer> {
    const catalogue = await this.withUses(cartId, await this.catalogue.forCart(state));
    const pricing = priceCart(state, catalogue, { governorate: governorate ?? null, rules: this.rules, today: shopDate(new Date()) });
    return { cartId, cart: cartView(cartId, pricing, this.rules, state.checkedOut !== null) };
  }

  /**
   * A code with a usage limit whose uses are all held by other orders is shown dropped, "used
   * up", rather than refused only at checkout. Only codes with a limit cost the read of their uses.
   */
  private async withUses(cartId: string, catalogue: CatalogueSnapshot): Promise<CatalogueSnapshot> {
    const promo = catalogue.promo;
    const limit = promo?.rules?.usageLimit ?? null;
    if (!promo || promo.deleted || !promo.active || limit === null) return catalogue;
    const { state } = await this.executor.load(promoUsageStream(promo.code), promoUsageDecider);
    const usedUp = usesHeld(state) >= limit && !Object.hasOwn(state.held, orderIdForCart(cartId));
    return usedUp ? { ...catalogue, promo: { ...promo, usedUp } } : catalogue;
  }

  /** The shipping cost for a governorate: the shop's rate, or with a cart with lines, its own (0 from the free-shipping threshold). EGP. */
  async shippingEstimate(cartId: string | undefined, governorate: Governorate): Promise<number> {
    if (cartId) {
      const a = await this.getCart(cartId, governorate);
      if (a.cart.items.length > 0) return a.cart.shippingCost;
    }
    return piastresToEgp(this.rules.shippingRates[governorate]);
  }

  /** Price of a custom poster of a size, EGP: the price the cart will charge. */
  async customPrice(size: PosterSize): Promise<number> {
    return piastresToEgp((await this.catalogue.customPrices())[size]);
  }
}
