import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PromoAppliedAnswer } from '../../../api/generated-public';
import { renderApp } from '../../../test/render';
import { layoutHandlers, useMswServer } from '../../../test/handlers';
import { cartAnswer, cartWith, posterItem } from '../../../test/fixtures';

const server = useMswServer();

describe('applying a promo code at checkout, in Arabic', () => {
  it('a used-up code shows only the notice the server answered, no success toast', async () => {
    const cart = cartWith([posterItem({ quantity: 2, subtotal: 600 })]);
    const usedUp = { ...cart, promoDropped: { code: 'ONLY1', reason: 'PROMO_CODE_USED_UP', message: 'This code has been used up', params: {} } };
    server.use(
      ...layoutHandlers({ cart }),
      http.post('*/api/user/cart/promocode/apply', () => {
        const answer: PromoAppliedAnswer = { ...cartAnswer(usedUp), message: 'Promo code applied successfully', promoCode: 'ONLY1' };
        return HttpResponse.json(answer);
      }),
    );
    window.localStorage.setItem('locale', 'ar');
    const user = userEvent.setup();
    renderApp('/checkout');
    await user.type(await screen.findByPlaceholderText('كود الخصم'), 'only1');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByTestId('promo-dropped')).toHaveTextContent('ONLY1');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(screen.queryByText(/بنجاح/)).not.toBeInTheDocument();
  });

  it('a code that applies says so, in a toast at the top of the page, clear of Place Order', async () => {
    const cart = cartWith([posterItem({ quantity: 2, subtotal: 600 })]);
    server.use(
      ...layoutHandlers({ cart }),
      http.post('*/api/user/cart/promocode/apply', () => {
        const answer: PromoAppliedAnswer = { ...cartAnswer({ ...cart, promoCode: 'FOLLOW10', promoDiscount: 10, discountFromPromoCode: 60 }), message: 'ok', promoCode: 'FOLLOW10' };
        return HttpResponse.json(answer);
      }),
    );
    window.localStorage.setItem('locale', 'ar');
    const user = userEvent.setup();
    const { store } = renderApp('/checkout');
    await user.type(await screen.findByPlaceholderText('كود الخصم'), 'follow10');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('تم تطبيق كود الخصم FOLLOW10 بنجاح!');
    expect(toast.parentElement).toHaveAttribute('data-placement', 'top');
    expect(store.getState().ui.toastsAtTop).toBe(true);
  });

  it('other pages keep toasts at the bottom', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    const { store } = renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(store.getState().ui.toastsAtTop).toBe(false));
  });
});
