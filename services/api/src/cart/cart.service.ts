import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cartDecider, type CartState } from '#domain/cart/cart.decider.js';
import { priceCart } from '#domain/pricing/price-cart.js';
import type { ShopRules } from '#domain/shop-config.js';
import { cartStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { SHOP_RULES } from '../catalog/shop-rules.js';
import { CatalogueLoader } from './catalogue-loader.service.js';
import type { CartAnswer } from './cart-response.js';
import { cartView } from './cart-view.js';
import { AddItemToCartCommand, type AddItemInput } from './commands/add-item-to-cart.handler.js';

const CART_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$/;

/**
 * The cart as the storefront sees it, priced from the write side with the same priceCart the
 * checkout uses (ADR 003). Other modules (uploads: the custom poster line) go through here.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly commandBus: CommandBus,
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
    const catalogue = await this.catalogue.forCart(state);
    const pricing = priceCart(state, catalogue, { governorate: governorate ?? null, rules: this.rules });
    return { cartId, cart: cartView(cartId, pricing, this.rules, state.checkedOut !== null) };
  }

  /** Adds a line; adding to a checked-out cart starts a new cart instead of refusing. */
  async addItem(cartId: string | undefined, input: AddItemInput): Promise<CartAnswer> {
    let id = cartId ?? this.newCartId();
    try {
      const { state } = await this.commandBus.execute(new AddItemToCartCommand(id, input, cartId === undefined));
      return this.price(id, state);
    } catch (e) {
      if ((e as { code?: string }).code !== 'CART_CHECKED_OUT') throw e;
      id = this.newCartId();
      const { state } = await this.commandBus.execute(new AddItemToCartCommand(id, input, true));
      return this.price(id, state);
    }
  }

  /**
   * For POST /user/upload (uploads module): a custom-poster line with the stored image's public
   * path (/uploads/custom/<uuid>.<ext>). Refusals are DomainErrors (→ 400 with the spec's text).
   */
  addCustomPoster(cartId: string | undefined, line: { size: string; quantity: number; customImagePath: string }): Promise<CartAnswer> {
    return this.addItem(cartId, { kind: 'custom', ...line });
  }
}
