import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  AddToCartDto,
  CartAnswer,
  CartView,
  CheckoutAnswerView,
  CheckoutDto,
  GetShippingEstimateApiResponse,
  SetPaymentMethodApiArg,
  SizePriceView,
  UpdateCartItemDto,
} from '../../api/generated-public';
import { api, NO_RETRY } from '../../lib/api';
import { CART_COUNT_KEY, CART_ID_KEY, writeStorage } from '../../lib/storage';

/** Every cart command answers `{ cartId, cart, … }`; the cache keeps the cart. */
const cartOf = (answer: Pick<CartAnswer, 'cart'>): CartView => answer.cart;

function rememberCount(cart: CartView): void {
  writeStorage(CART_COUNT_KEY, String(cart.itemCount));
}

interface CartLifecycle {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  queryFulfilled: Promise<{ data: CartView }>;
}

// Every cart command answers with the new cart: write it straight into the cache instead of refetching.
async function writeCartAnswer(_arg: unknown, { dispatch, queryFulfilled }: CartLifecycle): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    rememberCount(data);
    dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
  } catch {
    /* the caller reports the failure */
  }
}

export const cartApi = api.injectEndpoints({
  endpoints: (b) => ({
    getCart: b.query<CartView, void>({
      query: () => '/user/cart',
      transformResponse: (answer: CartAnswer) => {
        rememberCount(answer.cart);
        return answer.cart;
      },
      providesTags: ['Cart'],
    }),
    addToCart: b.mutation<CartView, AddToCartDto>({
      query: (body) => ({ url: '/user/cart', method: 'POST', body }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    updateCartItem: b.mutation<CartView, { itemId: string } & UpdateCartItemDto>({
      query: ({ itemId, ...body }) => ({ url: `/user/cart/items/${encodeURIComponent(itemId)}`, method: 'PUT', body }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    removeCartItem: b.mutation<CartView, string>({
      query: (itemId) => ({ url: `/user/cart/items/${encodeURIComponent(itemId)}`, method: 'DELETE' }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    clearCart: b.mutation<CartView, void>({
      query: () => ({ url: '/user/cart', method: 'DELETE' }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    applyPromoCode: b.mutation<CartView, string>({
      query: (code) => ({ url: '/user/cart/promocode/apply', method: 'POST', params: { code } }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    removePromoCode: b.mutation<CartView, void>({
      query: () => ({ url: '/user/cart/promocode', method: 'DELETE' }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    setPaymentMethod: b.mutation<CartView, SetPaymentMethodApiArg>({
      query: (method) => ({ url: '/user/cart/payment-method', method: 'POST', params: { method } }),
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    uploadCustomPoster: b.mutation<CartView, { file: File; size: string; quantity: number }>({
      query: ({ file, size, quantity }) => {
        const body = new FormData();
        body.append('file', file);
        body.append('size', size);
        body.append('quantity', String(quantity));
        return { url: '/user/upload', method: 'POST', body };
      },
      transformResponse: cartOf,
      onQueryStarted: writeCartAnswer,
    }),
    // The same Idempotency-Key on a retried submit gets the first answer, never a second order.
    checkout: b.mutation<CheckoutAnswerView, { payload: CheckoutDto; idempotencyKey: string }>({
      query: ({ payload, idempotencyKey }) => ({ url: '/user/cart/checkout', method: 'POST', body: payload, headers: { 'Idempotency-Key': idempotencyKey } }),
      extraOptions: { retry: NO_RETRY },
    }),
    getShippingEstimate: b.query<GetShippingEstimateApiResponse, string>({
      query: (governorate) => ({ url: '/user/shipping/estimate', params: { governorate } }),
    }),
    /** null when the answer carries no usable price: the page then says 'Invalid price format received from server'. */
    getCustomPrice: b.query<number | null, string>({
      query: (size) => ({ url: '/user/calculate', params: { size } }),
      transformResponse: (answer: SizePriceView) => (Number.isFinite(answer.price) ? answer.price : null),
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
