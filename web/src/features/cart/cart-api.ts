import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { generatedApi, type CartAnswer, type CartView, type GetCartApiArg, type SizePriceView } from '../../api/generated-public';
import { NO_RETRY } from '../../lib/api';
import { CART_COUNT_KEY, CART_ID_KEY, writeStorage } from '../../lib/storage';

function rememberCount(cart: CartView): void {
  writeStorage(CART_COUNT_KEY, String(cart.itemCount));
}

interface CartLifecycle {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  queryFulfilled: Promise<{ data: CartAnswer }>;
}

/** The latest cart a command answered with, and how many such answers there have been. */
let lastAnswer: CartAnswer | undefined;
let answers = 0;

// Every cart command answers `{ cartId, cart, … }`: write the new cart straight into the cache instead of refetching.
async function writeCartAnswer(_arg: unknown, { dispatch, queryFulfilled }: CartLifecycle): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    rememberCount(data.cart);
    lastAnswer = { cartId: data.cartId, cart: data.cart };
    answers++;
    dispatch(cartApi.util.upsertQueryData('getCart', undefined, lastAnswer));
  } catch {
    /* the caller reports the failure */
  }
}

/**
 * A read of the cart sent before a command answered (e.g. the page's first read, still on its way
 * when a tap on "Add to Cart" right after loading comes back) would put the older cart over the
 * newer one: the command's answer is written back over it.
 */
async function keepNewerCart(arg: GetCartApiArg, { dispatch, queryFulfilled }: CartLifecycle): Promise<void> {
  const answersBefore = answers;
  try {
    const { data } = await queryFulfilled;
    if (answers !== answersBefore && lastAnswer) dispatch(cartApi.util.upsertQueryData('getCart', arg, lastAnswer));
    else rememberCount(data.cart);
  } catch {
    /* the page reports the failure */
  }
}

export const cartApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getCart: { providesTags: ['Cart'], onQueryStarted: keepNewerCart },
      addToCart: { onQueryStarted: writeCartAnswer },
      updateCartItem: { onQueryStarted: writeCartAnswer },
      removeCartItem: { onQueryStarted: writeCartAnswer },
      clearCart: { onQueryStarted: writeCartAnswer },
      applyPromoCode: { onQueryStarted: writeCartAnswer },
      removePromoCode: { onQueryStarted: writeCartAnswer },
      setPaymentMethod: { onQueryStarted: writeCartAnswer },
      // The same Idempotency-Key on a retried submit gets the first answer, never a second order.
      checkout: { extraOptions: { retry: NO_RETRY } },
      getCustomPrice: { providesTags: ['Pricing'] },
    },
  })
  // Multipart (the image, its size and quantity), which the generated endpoint (a JSON body) cannot send.
  .injectEndpoints({
    overrideExisting: true,
    endpoints: (b) => ({
      uploadCustomPoster: b.mutation<CartAnswer, { file: File; size: string; quantity: number }>({
        query: ({ file, size, quantity }) => {
          // Size and quantity before the file: the server checks them before it stores a byte of the image.
          const body = new FormData();
          body.append('size', size);
          body.append('quantity', String(quantity));
          body.append('file', file);
          return { url: '/user/upload', method: 'POST', body };
        },
        onQueryStarted: writeCartAnswer,
      }),
    }),
  });

/** null when the answer carries no usable price: the page then says 'Invalid price format received from server'. */
export function customPriceOf(answer: SizePriceView): number | null {
  return Number.isFinite(answer.price) ? answer.price : null;
}

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
