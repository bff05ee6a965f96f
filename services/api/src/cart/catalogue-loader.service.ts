import { Injectable } from '@nestjs/common';
import type { CartState } from '#domain/cart/cart.decider.js';
import type { CartPosterSnapshot, CartProductSnapshot, CartPromoSnapshot } from '#domain/cart/commands.js';
import { customPricingDecider } from '#domain/catalog/custom-pricing.decider.js';
import { posterDecider, type PosterState } from '#domain/catalog/poster.decider.js';
import { productDecider, type ProductState } from '#domain/catalog/product.decider.js';
import { catalogueFromStates, type CatalogueSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import { promoCodeDecider } from '#domain/promotion/promo-code.decider.js';
import { customPricingStream, discountsStream, posterStream, productStream, promoStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import type { Decider } from '#domain/shared/decider.js';
import { ReadCoalescer } from '../common/read-coalescer.js';
import { memoInRequest } from '../common/request-context.js';

/**
 * The write-side view of the catalogue a cart needs: the posters and add-ons it refers to, custom
 * prices, discounts and its promo code, each folded from its own stream by its decider. Never a
 * read model: the cart shown and the order placed are priced from the same facts (ADR 003).
 */
@Injectable()
export class CatalogueLoader {
  /** Carts priced at the same moment share their catalogue reads (never one started before they asked). */
  private readonly reads = new ReadCoalescer();

  constructor(private readonly executor: DeciderExecutor) {}

  /** A catalogue stream folded by its decider: once per request, shared with concurrent requests. */
  private load<State, Event extends { type: string; data: unknown }>(stream: string, decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>): Promise<State> {
    return memoInRequest(stream, () => this.reads.read(stream, async () => (await this.executor.load(stream, decider)).state));
  }

  async forCart(cart: CartState): Promise<CatalogueSnapshot> {
    const posterIds = [...new Set(cart.items.map((l) => l.posterId).filter((id): id is string => id !== null))];
    const productIds = [...new Set(cart.items.map((l) => l.productId).filter((id): id is string => id !== null))];
    const needsCustom = cart.items.some((l) => l.kind === 'custom');
    const [posters, products, customPricing, discounts, promo] = await Promise.all([
      Promise.all(posterIds.map(async (id) => [id, await this.poster(id)] as [string, PosterState])),
      Promise.all(productIds.map(async (id) => [id, await this.product(id)] as [string, ProductState])),
      needsCustom ? this.customPricing() : Promise.resolve(customPricingDecider.initialState),
      this.load(discountsStream(), discountsDecider),
      cart.promoCode ? this.promo(cart.promoCode) : Promise.resolve(null),
    ]);
    return catalogueFromStates({ posters, products, customPricing, discounts, promo });
  }

  poster(posterId: string): Promise<PosterState> {
    const stream = posterStream(posterId);
    return this.load(stream, posterDecider);
  }

  product(productId: string): Promise<ProductState> {
    const stream = productStream(productId);
    return this.load(stream, productDecider);
  }

  private promo(code: string) {
    const stream = promoStream(code);
    return this.load(stream, promoCodeDecider);
  }

  private customPricing() {
    const stream = customPricingStream();
    return this.load(stream, customPricingDecider);
  }

  /** What the cart decider needs to know about a poster; null when there is no such poster. */
  async posterSnapshot(posterId: string): Promise<CartPosterSnapshot | null> {
    const p = await this.poster(posterId);
    if (!p.exists) return null;
    return { posterId, visible: p.visible, deleted: p.deleted, variants: p.variants.map((v) => ({ variantId: v.variantId, size: v.size })) };
  }

  async productSnapshot(productId: string): Promise<CartProductSnapshot | null> {
    const p = await this.product(productId);
    return p.exists ? { productId, deleted: p.deleted } : null;
  }

  async promoSnapshot(code: string): Promise<CartPromoSnapshot | null> {
    if (code.trim() === '') return null;
    const p = await this.promo(code);
    return p.exists ? { code: p.code, percentOff: p.percentOff, active: p.active, deleted: p.deleted } : null;
  }

  async customPrices() {
    return (await this.customPricing()).prices;
  }
}
