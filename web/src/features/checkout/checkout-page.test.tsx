import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { PromoAppliedAnswer } from '../../api/generated-public';
import { cartAnswer, cartWith, checkoutAnswer, posterItem } from '../../test/fixtures';

const server = useMswServer();

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, governorate: string) {
  await user.type(screen.getByLabelText(/First name/), 'Mona');
  await user.type(screen.getByLabelText(/Last name/), 'Adel');
  await user.type(screen.getByLabelText(/Phone number/), '0100 123 4567');
  await user.type(screen.getByLabelText(/Address line/), '12 Nile St');
  await user.type(screen.getByLabelText(/Building/), '4');
  await user.type(screen.getByLabelText(/Apartment/), '7');
  await user.type(screen.getByLabelText(/^City/), 'Maadi');
  await user.selectOptions(screen.getByLabelText(/Governorate/), governorate);
}

describe('checkout', () => {
  it('shows every required-field message and sends nothing', async () => {
    let checkoutCalls = 0;
    server.use(
      ...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }),
      http.post('*/api/user/cart/checkout', () => {
        checkoutCalls++;
        return HttpResponse.json(checkoutAnswer('X', 'x'));
      }),
    );
    const user = userEvent.setup();
    renderApp('/checkout');
    await user.click(await screen.findByTestId('place-order'));
    for (const text of [
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Address line is required',
      'Building is required',
      'Apartment is required',
      'City is required',
      'Governorate is required',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(checkoutCalls).toBe(0);
  });

  it('rejects a phone that is not 01 + 9 digits and accepts Arabic-Indic digits', async () => {
    server.use(...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }));
    const user = userEvent.setup();
    renderApp('/checkout');
    const phone = await screen.findByLabelText(/Phone number/);
    await user.type(phone, '0212345678');
    await user.click(screen.getByTestId('place-order'));
    expect(screen.getByTestId('error-phone')).toHaveTextContent('Please enter a valid Egyptian phone number.');
    await user.clear(phone);
    await user.type(phone, '٠١٠٠١٢٣٤٥٦٧');
    expect(screen.queryByTestId('error-phone')).not.toBeInTheDocument();
  });

  it('warns about the 2-poster minimum from the server exempt list and blocks Place Order', async () => {
    // The server says only Cairo is exempt: Giza gets the warning too.
    server.use(...layoutHandlers({ cart: cartWith([posterItem({ quantity: 1 })]), exempt: ['CAIRO'] }));
    const user = userEvent.setup();
    renderApp('/checkout');
    const governorate = await screen.findByLabelText(/Governorate/);
    await waitFor(() => expect(within(governorate).getByRole('option', { name: 'Giza' })).toBeInTheDocument());
    await user.selectOptions(governorate, 'GIZA');
    // The reason sits right above the disabled button, with the poster's quantity there to fix it.
    const warning = screen.getByTestId('min-posters-warning');
    expect(warning).toHaveTextContent('Delivery to Giza needs at least 2 posters; you have 1 poster. Add another here, or deliver to Cairo.');
    expect(within(warning).getByRole('button', { name: /Increase quantity/ })).toBeEnabled();
    expect(warning.compareDocumentPosition(screen.getByTestId('place-order')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('place-order')).toBeDisabled();
    await user.selectOptions(governorate, 'CAIRO');
    expect(screen.queryByTestId('min-posters-warning')).not.toBeInTheDocument();
    expect(screen.getByTestId('place-order')).toBeEnabled();
  });

  it('follows the server list when it exempts Giza, and add-ons do not count as posters', async () => {
    const addon = posterItem({ itemId: 'a1', kind: 'addon', posterId: null, productId: 'frame', variantId: null, size: null, quantity: 3 });
    server.use(...layoutHandlers({ cart: cartWith([posterItem({ quantity: 1 }), addon]), exempt: ['CAIRO', 'GIZA'] }));
    const user = userEvent.setup();
    renderApp('/checkout');
    const governorate = await screen.findByLabelText(/Governorate/);
    await waitFor(() => expect(within(governorate).getByRole('option', { name: 'Giza' })).toBeInTheDocument());
    await user.selectOptions(governorate, 'GIZA');
    expect(screen.queryByTestId('min-posters-warning')).not.toBeInTheDocument();
    await user.selectOptions(governorate, 'ALEXANDRIA');
    expect(screen.getByTestId('min-posters-warning')).toBeInTheDocument();
  });

  it("rewrites the server's 400 minimum-order message to 'Order Requirement Not Met'", async () => {
    server.use(
      ...layoutHandlers({ cart: cartWith([posterItem({ quantity: 1 })]), exempt: ['CAIRO'] }),
      http.post('*/api/user/cart/checkout', () =>
        HttpResponse.json({ statusCode: 400, message: 'Minimum order for CAIRO is 2 posters' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/checkout');
    await screen.findByLabelText(/First name/);
    await fillValidForm(user, 'CAIRO');
    await user.click(screen.getByTestId('place-order'));
    const failure = await screen.findByTestId('checkout-failure');
    expect(failure).toHaveTextContent('Order Requirement Not Met');
    expect(failure).toHaveTextContent(
      'For deliveries outside Cairo, a minimum of 2 posters is required. Please add more items to your cart or change your governorate to Cairo to proceed.',
    );
    expect(failure).not.toHaveTextContent('Minimum order for CAIRO');
  });

  it("shows other server errors under 'Checkout Failed'", async () => {
    server.use(
      ...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }),
      http.post('*/api/user/cart/checkout', () => HttpResponse.json({ statusCode: 409, message: 'Cart was already checked out' }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderApp('/checkout');
    await screen.findByLabelText(/First name/);
    await fillValidForm(user, 'ALEXANDRIA');
    await user.click(screen.getByTestId('place-order'));
    const failure = await screen.findByTestId('checkout-failure');
    expect(failure).toHaveTextContent('Checkout Failed');
    expect(failure).toHaveTextContent('Cart was already checked out');
  });

  it('places the order with a clean payload, shows Processing..., then the confirmation', async () => {
    let body: Record<string, unknown> | null = null;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    window.localStorage.setItem('cart-id', 'cart-1');
    server.use(
      ...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }),
      http.post('*/api/user/cart/checkout', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await gate;
        return HttpResponse.json(checkoutAnswer('PS-7KQ4-M2XD', 'o-1'));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/checkout');
    await screen.findByLabelText(/First name/);
    await fillValidForm(user, 'GIZA');
    await waitFor(() => expect(screen.getByTestId('summary-shipping')).toHaveTextContent('LE 65.00'));
    // 600 + 65 shipping + 20 COD fee
    expect(screen.getByTestId('summary-total')).toHaveTextContent('LE 685.00');
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('PS-7KQ4-M2XD');
    expect(router.state.location.pathname).toBe('/order-confirmation/PS-7KQ4-M2XD');
    expect(body).toMatchObject({
      firstName: 'Mona',
      phone: '01001234567',
      governorate: 'GIZA',
      paymentMethod: 'COD',
      latitude: 30.0444,
      longitude: 31.2357,
    });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('notes');
    expect(window.localStorage.getItem('cart-id')).toBeNull();
    // The confirmation recaps what was ordered, where it goes and what to have ready in cash.
    expect(screen.getByTestId('recap-items')).toHaveTextContent('Midnight Drive · 30x40cm × 2');
    expect(screen.getByTestId('recap-address')).toHaveTextContent('Mona Adel12 Nile StBuilding 4, Apt 7MaadiGiza01001234567');
    expect(screen.getByTestId('recap-cash')).toHaveTextContent('To pay in cash on deliveryLE 685.00');
    // The address typed is forgotten once the order is placed.
    expect(window.sessionStorage.getItem('checkout-form')).toBeNull();
  });

  it('the confirmation explains the total as the order recorded it, and its tracking link opens filled in', async () => {
    window.localStorage.setItem('cart-id', 'cart-1');
    const totals = { subtotal: 600, discountFromPromotions: 60, promoCode: 'FOLLOW10', discountFromPromoCode: 54, shippingCost: 65, codFee: 20, taxAmount: 0, total: 571 };
    server.use(
      ...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }),
      http.post('*/api/user/cart/checkout', () => HttpResponse.json({ ...checkoutAnswer('PS-7KQ4-M2XD', 'o-1'), total: 571, totals })),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/checkout');
    await screen.findByLabelText(/First name/);
    await fillValidForm(user, 'GIZA');
    await user.click(screen.getByTestId('place-order'));
    await screen.findByTestId('order-number');
    const breakdown = within(screen.getByTestId('order-recap')).getByTestId('order-summary');
    expect(breakdown).toHaveTextContent('SubtotalLE 600.00');
    expect(breakdown).toHaveTextContent('(FOLLOW10)');
    expect(breakdown).toHaveTextContent('LE 54.00');
    expect(breakdown).toHaveTextContent('LE 60.00');
    expect(within(breakdown).getByTestId('summary-shipping')).toHaveTextContent('LE 65.00');
    expect(within(breakdown).getByTestId('summary-total')).toHaveTextContent('LE 571.00');
    expect(screen.getByTestId('recap-cash')).toHaveTextContent('LE 571.00');
    // The phone for tracking stays in this tab's session storage, never in the link.
    const link = screen.getByTestId('track-link');
    expect(link.getAttribute('href')).not.toContain('0100');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/track'));
    await waitFor(() => expect(screen.getByLabelText(/Phone/)).toHaveValue('01001234567'));
    expect(screen.getByLabelText(/Order number/)).toHaveValue('PS-7KQ4-M2XD');
  });

  it('the confirmation has its own address: opened again in the same tab it recaps the order, elsewhere it names only the number', async () => {
    window.localStorage.setItem('cart-id', 'cart-1');
    server.use(
      ...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }),
      http.post('*/api/user/cart/checkout', () => HttpResponse.json(checkoutAnswer('PS-7KQ4-M2XD', 'o-1'))),
    );
    const user = userEvent.setup();
    const placed = renderApp('/checkout');
    await screen.findByLabelText(/First name/);
    await fillValidForm(user, 'GIZA');
    await user.click(screen.getByTestId('place-order'));
    await screen.findByTestId('order-recap');
    expect(placed.router.state.location.pathname).toBe('/order-confirmation/PS-7KQ4-M2XD');
    placed.unmount();

    // A reload: no history state in a fresh router, the tab's session storage still there.
    renderApp('/order-confirmation/PS-7KQ4-M2XD');
    expect(await screen.findByTestId('order-number')).toHaveTextContent('PS-7KQ4-M2XD');
    expect(await screen.findByTestId('recap-address')).toHaveTextContent('Mona Adel12 Nile StBuilding 4, Apt 7MaadiGiza01001234567');
    expect(screen.getByTestId('recap-items')).toHaveTextContent('Midnight Drive · 30x40cm × 2');
    // Nothing personal in the address itself.
    expect(window.location.href).not.toMatch(/Mona|0100|Nile/);
  });

  it('the confirmation opened by someone else (another tab, another order) shows the number and no personal data', async () => {
    window.sessionStorage.setItem('order-confirmation', JSON.stringify({ orderNumber: 'PS-AAAA-BBBB', recap: { items: [], address: ['Mona Adel', '01001234567'], cashToPay: 100 } }));
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    renderApp('/order-confirmation/PS-7KQ4-M2XD');
    expect(await screen.findByTestId('order-number')).toHaveTextContent('PS-7KQ4-M2XD');
    expect(await screen.findByTestId('recap-elsewhere')).toHaveTextContent('The details of this order are shown only in the browser tab it was placed from.');
    expect(screen.queryByTestId('order-recap')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Mona|01001234567/);
    expect(screen.getByTestId('track-link')).toHaveAttribute('href', '/track?order=PS-7KQ4-M2XD');
  });

  it('keeps what was typed for the session (a reload remounts the page), never in the URL', async () => {
    server.use(...layoutHandlers({ cart: cartWith([posterItem({ quantity: 2, subtotal: 600 })]) }));
    const user = userEvent.setup();
    const first = renderApp('/checkout');
    await screen.findByLabelText(/First name/);
    await fillValidForm(user, 'GIZA');
    expect(first.router.state.location.search).toBe('');
    first.unmount();
    renderApp('/checkout');
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Mona');
    expect(screen.getByLabelText(/Address line/)).toHaveValue('12 Nile St');
    expect(screen.getByLabelText(/Governorate/)).toHaveValue('GIZA');
  });

  it('keeps a refused promo code in the field with the reason under it, then applies the corrected one', async () => {
    const cart = cartWith([posterItem({ quantity: 2, subtotal: 600 })]);
    server.use(
      ...layoutHandlers({ cart }),
      http.post('*/api/user/cart/promocode/apply', ({ request }) => {
        const code = new URL(request.url).searchParams.get('code');
        if (code !== 'FOLLOW10') return HttpResponse.json({ statusCode: 400, message: 'Invalid promo code' }, { status: 400 });
        const answer: PromoAppliedAnswer = {
          ...cartAnswer({ ...cart, promoCode: 'FOLLOW10', promoDiscount: 10, discountFromPromoCode: 60 }),
          message: 'Promo code applied successfully',
          promoCode: 'FOLLOW10',
        };
        return HttpResponse.json(answer);
      }),
    );
    const user = userEvent.setup();
    renderApp('/checkout');
    const promo = await screen.findByPlaceholderText('Promo code');
    await user.type(promo, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('promo-error')).toHaveTextContent('Invalid promo code');
    expect(promo).toHaveValue('NOPE');
    expect(promo).toHaveAttribute('aria-invalid', 'true');
    await user.clear(promo);
    expect(screen.queryByTestId('promo-error')).not.toBeInTheDocument();
    await user.type(promo, 'FOLLOW10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code FOLLOW10 applied successfully!')).toBeInTheDocument();
    // The toast follows the mutation's answer; the summary follows the cart it puts in the cache.
    expect(await screen.findByTestId('promo-applied')).toHaveTextContent('FOLLOW10');
    await waitFor(() => expect(screen.getByTestId('order-summary')).toHaveTextContent('LE 60.00'));
  });

  describe('a code in the cart that no longer applies', () => {
    const ended = cartWith([posterItem({ quantity: 2, subtotal: 600 })], {
      promoMessage: 'This code ended on 7 December',
      promoDropped: { code: 'WELCOME10', reason: 'PROMO_CODE_ENDED', message: 'This code ended on 7 December', params: { endsOn: '2026-12-07' } },
    });

    it('says which and why, and removes it on request', async () => {
      let removed = 0;
      server.use(
        ...layoutHandlers({ cart: ended }),
        http.delete('*/api/user/cart/promocode', () => {
          removed++;
          return HttpResponse.json({ ...cartAnswer({ ...ended, promoDropped: null, promoMessage: null }), message: 'Promo code removed successfully!' });
        }),
      );
      const user = userEvent.setup();
      renderApp('/checkout');
      const notice = await screen.findByTestId('promo-dropped');
      expect(notice).toHaveTextContent('Code WELCOME10 no longer applies: This code ended on 7 December');
      expect(screen.queryByTestId('promo-applied')).not.toBeInTheDocument();
      await user.click(within(notice).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(removed).toBe(1));
    });

    it('shows a used-up code in the cart drawer too', async () => {
      const usedUp = cartWith([posterItem({ quantity: 2, subtotal: 600 })], {
        promoDropped: { code: 'LASTONE', reason: 'PROMO_CODE_USED_UP', message: 'This code has been used up', params: {} },
      });
      server.use(...layoutHandlers({ cart: usedUp }));
      const user = userEvent.setup();
      renderApp('/checkout');
      await screen.findByTestId('promo-dropped');
      await user.click(screen.getByRole('button', { name: /cart/i }));
      const drawer = await screen.findByTestId('cart-drawer');
      expect(await within(drawer).findByTestId('promo-dropped')).toHaveTextContent('Code LASTONE no longer applies: This code has been used up');
    });
  });

  it('shows the empty cart state with Continue Shopping', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    renderApp('/checkout');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  });
});
