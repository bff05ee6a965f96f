import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, NO_RETRY } from '../../lib/api';
import { CART_COUNT_KEY, CART_ID_KEY, writeStorage } from '../../lib/storage';
import { EMPTY_CART, itemCount } from './cart-math';
import type { AddToCartInput, Cart, CheckoutAnswer, CheckoutPayload } from './cart-types';

/** Cart answers are `{ cartId, cart }`; older forms send the cart itself. */
function toCart(raw: unknown): Cart | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as { cart?: unknown; items?: unknown };
  const cart = (o.cart && typeof o.cart === 'object' ? o.cart : Array.isArray(o.items) ? o : null) as Cart | null;
  if (!cart) return null;
  const items = (cart.items ?? []).map((i) => ({ ...i, itemId: String(i.itemId ?? i.id) }));
  return { ...EMPTY_CART, ...cart, items };
}

function rememberCount(cart: Cart): void {
  writeStorage(CART_COUNT_KEY, String(itemCount(cart)));
}

interface CartLifecycle {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  queryFulfilled: Promise<{ data: Cart | null }>;
}

// Every cart command answers with the new cart: write it straight into the cache instead of
// refetching, or refetch when an answer does not carry one.
async function writeCartAnswer(_arg: unknown, { dispatch, queryFulfilled }: CartLifecycle): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    if (data) {
      rememberCount(data);
      dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
    } else dispatch(cartApi.util.invalidateTags(['Cart']));
  } catch {
    /* the caller reports the failure */
  }
}

export const cartApi = api.injectEndpoints({
  endpoints: (b) => ({
    getCart: b.query<Cart, void>({
      query: () => '/user/cart',
      transformResponse: (raw: unknown) => {
        const cart = toCart(raw) ?? EMPTY_CART;
        rememberCount(cart);
        return cart;
      },
      providesTags: ['Cart'],
    }),
    addToCart: b.mutation<Cart | null, AddToCartInput>({
      query: (body) => ({ url: '/user/cart', method: 'POST', body }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    updateCartItem: b.mutation<Cart | null, { itemId: string; quantity: number; size?: string | null }>({
      query: ({ itemId, ...body }) => ({ url: `/user/cart/items/${encodeURIComponent(itemId)}`, method: 'PUT', body }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    removeCartItem: b.mutation<Cart | null, string>({
      query: (itemId) => ({ url: `/user/cart/items/${encodeURIComponent(itemId)}`, method: 'DELETE' }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    clearCart: b.mutation<Cart | null, void>({
      query: () => ({ url: '/user/cart', method: 'DELETE' }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    applyPromoCode: b.mutation<Cart | null, string>({
      query: (code) => ({ url: '/user/cart/promocode/apply', method: 'POST', params: { code } }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    removePromoCode: b.mutation<Cart | null, void>({
      query: () => ({ url: '/user/cart/promocode', method: 'DELETE' }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    setPaymentMethod: b.mutation<Cart | null, 'COD' | 'ONLINE'>({
      query: (method) => ({ url: '/user/cart/payment-method', method: 'POST', params: { method } }),
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    uploadCustomPoster: b.mutation<Cart | null, { file: File; size: string; quantity: number }>({
      query: ({ file, size, quantity }) => {
        const body = new FormData();
        body.append('file', file);
        body.append('size', size);
        body.append('quantity', String(quantity));
        return { url: '/user/upload', method: 'POST', body };
      },
      transformResponse: toCart,
      onQueryStarted: writeCartAnswer,
    }),
    // The same Idempotency-Key on a retried submit gets the first answer, never a second order.
    checkout: b.mutation<CheckoutAnswer, { payload: CheckoutPayload; idempotencyKey: string }>({
      query: ({ payload, idempotencyKey }) => ({ url: '/user/cart/checkout', method: 'POST', body: payload, headers: { 'Idempotency-Key': idempotencyKey } }),
      extraOptions: { retry: NO_RETRY },
    }),
    getShippingEstimate: b.query<number, string>({
      query: (governorate) => ({ url: '/user/shipping/estimate', params: { governorate } }),
      transformResponse: (raw: unknown) => {
        if (typeof raw === 'number') return raw;
        const o = raw as { shippingCost?: number; shipping?: number; estimate?: number } | null;
        return Number(o?.shippingCost ?? o?.shipping ?? o?.estimate ?? 0);
      },
    }),
    /** null when the answer is neither a number nor `{ price: number }` (spec 5: 'Invalid price format'). */
    getCustomPrice: b.query<number | null, string>({
      query: (size) => ({ url: '/user/calculate', params: { size } }),
      transformResponse: (raw: unknown) => {
        if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
        const price = (raw as { price?: unknown } | null)?.price;
        return typeof price === 'number' && Number.isFinite(price) ? price : null;
      },
      providesTags: ['Pricing'],
    }),
  }),
});

/** After a checkout the old cart is closed: forget it, a new one starts with the next command. */
export function forgetCart(): void {
  writeStorage(CART_ID_KEY, null);
  writeStorage(CART_COUNT_KEY, null);
}

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
  useApplyPromoCodeMutation,
  useRemovePromoCodeMutation,
  useSetPaymentMethodMutation,
  useUploadCustomPosterMutation,
  useCheckoutMutation,
  useGetShippingEstimateQuery,
  useLazyGetShippingEstimateQuery,
  useGetCustomPriceQuery,
} = cartApi;
