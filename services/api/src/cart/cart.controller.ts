import { BadRequestException, Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CART_MESSAGES } from '#domain/cart/cart-errors.js';
import { CHECKOUT_MESSAGES } from '#domain/checkout/checkout-form.js';
import { parseGovernorate, parsePosterSize } from '#domain/shop-config.js';
import { Budgeted } from '../budgets/budget.guard.js';
import { setActor } from '../common/request-context.js';
import { SizePriceView } from '../catalog/shop-content-response.js';
import { CartAnswer, CartPromoView, CheckoutAnswerView, PromoAppliedAnswer, PromoRemovedAnswer } from './cart-response.js';
import { CartReads } from './cart.reads.js';
import { CheckoutRejectionRecorder } from './checkout-rejection.recorder.js';
import { AddItemToCartCommand, type AddItemInput } from './commands/add-item-to-cart.handler.js';
import { ApplyPromoCodeCommand } from './commands/apply-promo-code.handler.js';
import { ChangeCartItemCommand } from './commands/change-cart-item.handler.js';
import { CheckOutCartCommand } from './commands/check-out-cart.handler.js';
import { RunCartCommand } from './commands/simple-cart-commands.handler.js';
import {
  AddToCartDto,
  CheckoutDto,
  GovernorateQueryDto,
  PaymentMethodQueryDto,
  PromoCodeQueryDto,
  RequiredGovernorateQueryDto,
  SizeQueryDto,
  UpdateCartItemDto,
} from './dto/cart.dto.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The shopper's cart, by X-Cart-Id (a new id is issued when it is absent or malformed; every
 * answer carries cartId, in the body and the X-Cart-Id header). Commands go through the
 * CommandBus; the cart is priced from the write side, exactly as checkout prices it.
 */
@ApiTags('cart')
@ApiHeader({ name: 'X-Cart-Id', required: false })
@Controller('user')
export class CartController {
  constructor(
    private readonly carts: CartReads,
    private readonly commandBus: CommandBus,
    private readonly rejections: CheckoutRejectionRecorder,
  ) {}

  private cartId(header: unknown): string | undefined {
    const id = this.carts.cartIdFrom(header);
    if (id) setActor({ kind: 'shopper', id });
    return id;
  }

  private answer(res: Response, a: CartAnswer): CartAnswer {
    res.setHeader('X-Cart-Id', a.cartId);
    return a;
  }

  @Get('cart')
  @ApiOkResponse({ type: CartAnswer })
  async getCart(@Headers('x-cart-id') h: string, @Query() q: GovernorateQueryDto, @Res({ passthrough: true }) res: Response) {
    return this.answer(res, await this.carts.getCart(this.cartId(h), q.governorate));
  }

  @Post('cart')
  @Budgeted('cart')
  @HttpCode(200)
  @ApiOkResponse({ type: CartAnswer })
  async addToCart(@Headers('x-cart-id') h: string, @Body() body: AddToCartDto, @Res({ passthrough: true }) res: Response) {
    const { cartId, state } = await this.commandBus.execute(new AddItemToCartCommand(this.cartId(h), this.itemInput(body)));
    return this.answer(res, await this.carts.price(cartId, state));
  }

  @Put('cart/items/:itemId')
  @Budgeted('cart')
  @ApiOkResponse({ type: CartAnswer })
  async updateCartItem(@Headers('x-cart-id') h: string, @Param('itemId') itemId: string, @Body() body: UpdateCartItemDto, @Res({ passthrough: true }) res: Response) {
    if (body.quantity === undefined && body.size === undefined) throw new BadRequestException(CART_MESSAGES.quantityTooLow);
    const cartId = this.requireCart(h);
    const { state } = await this.commandBus.execute(new ChangeCartItemCommand(cartId, itemId, { quantity: body.quantity, size: body.size }));
    return this.answer(res, await this.carts.price(cartId, state));
  }

  @Delete('cart/items/:itemId')
  @Budgeted('cart')
  @ApiOkResponse({ type: CartAnswer })
  async removeCartItem(@Headers('x-cart-id') h: string, @Param('itemId') itemId: string, @Res({ passthrough: true }) res: Response) {
    const cartId = this.requireCart(h);
    const { state } = await this.commandBus.execute(new RunCartCommand(cartId, { type: 'RemoveItemFromCart', data: { itemId } }));
    return this.answer(res, await this.carts.price(cartId, state));
  }

  @Delete('cart')
  @Budgeted('cart')
  @ApiOkResponse({ type: CartAnswer })
  async clearCart(@Headers('x-cart-id') h: string, @Res({ passthrough: true }) res: Response) {
    const cartId = this.cartId(h);
    if (!cartId) return this.answer(res, await this.carts.getCart(undefined));
    try {
      const { state } = await this.commandBus.execute(new RunCartCommand(cartId, { type: 'ClearCart', data: {} }));
      return this.answer(res, await this.carts.price(cartId, state));
    } catch (e) {
      // Emptying a checked-out cart (the storefront does it after an order) just starts a new one.
      if ((e as { code?: string }).code === 'CART_CHECKED_OUT') return this.answer(res, await this.carts.getCart(undefined));
      throw e;
    }
  }

  @Post('cart/promocode/apply')
  @Budgeted('cart')
  @HttpCode(200)
  @ApiOkResponse({ type: PromoAppliedAnswer })
  async applyPromoCode(@Headers('x-cart-id') h: string, @Query() q: PromoCodeQueryDto, @Res({ passthrough: true }) res: Response): Promise<PromoAppliedAnswer> {
    if (q.code.trim() === '') throw new BadRequestException(CART_MESSAGES.promoRequired);
    const cartId = this.cartId(h) ?? this.carts.newCartId();
    const { state } = await this.rejections.refusals(cartId, null, () => this.commandBus.execute(new ApplyPromoCodeCommand(cartId, q.code)));
    const a = await this.carts.price(cartId, state);
    return { ...this.answer(res, a), promoCode: a.cart.promoCode, message: `Promo code ${a.cart.promoCode} applied successfully!` };
  }

  @Delete('cart/promocode')
  @Budgeted('cart')
  @ApiOkResponse({ type: PromoRemovedAnswer })
  async removePromoCode(@Headers('x-cart-id') h: string, @Res({ passthrough: true }) res: Response): Promise<PromoRemovedAnswer> {
    const cartId = this.requireCart(h);
    const { state } = await this.commandBus.execute(new RunCartCommand(cartId, { type: 'RemovePromoCode', data: {} }));
    return { ...this.answer(res, await this.carts.price(cartId, state)), message: 'Promo code removed successfully!' };
  }

  @Get('cart/promocode')
  @ApiOkResponse({ type: CartPromoView })
  async getPromoCode(@Headers('x-cart-id') h: string, @Res({ passthrough: true }) res: Response): Promise<CartPromoView> {
    const a = await this.carts.getCart(this.cartId(h));
    res.setHeader('X-Cart-Id', a.cartId);
    return { cartId: a.cartId, promoCode: a.cart.promoCode, promoDiscount: a.cart.promoDiscount };
  }

  @Post('cart/payment-method')
  @Budgeted('cart')
  @HttpCode(200)
  @ApiOkResponse({ type: CartAnswer })
  async setPaymentMethod(@Headers('x-cart-id') h: string, @Query() q: PaymentMethodQueryDto, @Res({ passthrough: true }) res: Response) {
    const cartId = this.cartId(h) ?? this.carts.newCartId();
    const { state } = await this.commandBus.execute(new RunCartCommand(cartId, { type: 'ChoosePaymentMethod', data: { method: q.method } }));
    return this.answer(res, await this.carts.price(cartId, state));
  }

  @Post('cart/checkout')
  @Budgeted('checkout')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retry with the same key gets the same answer' })
  @ApiOkResponse({ type: CheckoutAnswerView })
  async checkout(
    @Headers('x-cart-id') h: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CheckoutDto,
  ): Promise<CheckoutAnswerView> {
    const cartId = this.cartId(h);
    if (!cartId) throw new BadRequestException(CHECKOUT_MESSAGES.emptyCart);
    const key = typeof idempotencyKey === 'string' && IDEMPOTENCY_KEY.test(idempotencyKey) ? idempotencyKey : undefined;
    return this.rejections.refusals(cartId, body.governorate, () => this.commandBus.execute(new CheckOutCartCommand(cartId, { ...body }, key)));
  }

  /** The shipping cost for a governorate; with a cart, its own (0 from the free-shipping threshold). */
  @Get('shipping/estimate')
  @ApiOkResponse({ description: 'a number (EGP)', type: Number })
  async getShippingEstimate(@Headers('x-cart-id') h: string, @Query() q: RequiredGovernorateQueryDto, @Res() res: Response): Promise<void> {
    const governorate = parseGovernorate(q.governorate);
    if (!governorate) throw new BadRequestException(CHECKOUT_MESSAGES.invalidGovernorate);
    const cost = await this.carts.shippingEstimate(this.cartId(h), governorate);
    // A bare JSON number (Nest would send a primitive as text/html).
    res.json(cost);
  }

  /** Price of a custom poster of a size (write side: the price the cart will charge). */
  @Get('calculate')
  @ApiOkResponse({ type: SizePriceView })
  async getCustomPrice(@Query() q: SizeQueryDto): Promise<SizePriceView> {
    const size = parsePosterSize(q.size);
    if (!size) throw new BadRequestException(CART_MESSAGES.invalidSize);
    return { size, price: await this.carts.customPrice(size) };
  }

  private requireCart(header: unknown): string {
    const id = this.cartId(header);
    if (!id) throw new BadRequestException('X-Cart-Id header is required');
    return id;
  }

  private itemInput(body: AddToCartDto): AddItemInput {
    const quantity = body.quantity ?? 1;
    if (body.posterId) return { kind: 'poster', posterId: body.posterId, variantId: body.variantId ?? null, size: body.size ?? null, quantity };
    if (body.productId) return { kind: 'addon', productId: body.productId, quantity };
    if (body.customImagePath) return { kind: 'custom', size: body.size || undefined, quantity, customImagePath: body.customImagePath };
    throw new BadRequestException(CART_MESSAGES.posterUnavailable);
  }
}
