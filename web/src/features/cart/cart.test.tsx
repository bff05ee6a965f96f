import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { BestsellerView, CartAnswer, GalleryImageView, PosterCardView, PosterView, GetProductsApiResponse } from '../../api/generated-public';
import { cartAnswer, cartWith, poster as posterView, posterItem, variant } from '../../test/fixtures';

const server = useMswServer();

const poster = posterView('poster-1', 'Midnight Drive', {
  description: 'Neon highway at night.',
  category: 'CARS',
  imageUrl: 'posters/midnight.webp',
  variants: [variant('v-20', 'SIZE_20x30', 200), variant('v-30', 'SIZE_30x40', 300)],
});

function posterPageHandlers() {
  return [
    http.get<never, never, PosterView>('*/api/public/posters/poster-1', () => HttpResponse.json(poster)),
    http.get<never, never, GalleryImageView[]>('*/api/gallery', () => HttpResponse.json([])),
    http.get<never, never, PosterCardView[]>('*/api/public/posters', () => HttpResponse.json([])),
    // The add-ons the poster page offers frames from: none here.
    http.get<never, never, GetProductsApiResponse>('*/api/public/products', () => HttpResponse.json([])),
  ];
}

/** The home page's lists, empty: these tests look at the header and the drawer. */
function emptyHomeHandlers() {
  return [
    http.get<never, never, PosterCardView[]>('*/api/public/featured', () => HttpResponse.json([])),
    http.get<never, never, BestsellerView[]>('*/api/public/posters/bestsellers', () => HttpResponse.json([])),
  ];
}

describe('cart', () => {
  it('replaces the stored cart id with the one a response carries and shows the badge', async () => {
    window.localStorage.setItem('cart-id', 'old-cart');
    const seen: (string | null)[] = [];
    server.use(
      http.get<never, never, CartAnswer>('*/api/user/cart', ({ request }) => {
        seen.push(request.headers.get('X-Cart-Id'));
        return HttpResponse.json(cartAnswer(cartWith([posterItem({ quantity: 3, subtotal: 900 })]), 'new-cart'));
      }),
      ...emptyHomeHandlers(),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('3'));
    expect(seen[0]).toBe('old-cart');
    expect(window.localStorage.getItem('cart-id')).toBe('new-cart');
    expect(window.localStorage.getItem('cart-count')).toBe('3');
  });

  it('adds a poster: asks for a size first, sends the new cart id, and updates the badge from the answer', async () => {
    let added: Record<string, unknown> | null = null;
    let addCartHeader: string | null = null;
    let cartGets = 0;
    let current = cartWith([]);
    server.use(
      http.get<never, never, CartAnswer>('*/api/user/cart', () => {
        cartGets++;
        return HttpResponse.json(cartAnswer(current, 'fresh-cart'));
      }),
      ...posterPageHandlers(),
      http.post<never, Record<string, unknown>, CartAnswer>('*/api/user/cart', async ({ request }) => {
        added = await request.json();
        addCartHeader = request.headers.get('X-Cart-Id');
        current = cartWith([posterItem({ variantId: 'v-30', quantity: 2, subtotal: 600 })]);
        return HttpResponse.json(cartAnswer(current, 'fresh-cart'), { headers: { 'X-Event-Position': '42/42' } });
      }),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    const user = userEvent.setup();
    renderApp('/posters/poster-1');
    await screen.findByRole('heading', { name: 'Midnight Drive' });
    await waitFor(() => expect(cartGets).toBe(1));
    await user.click(screen.getByTestId('add-to-cart'));
    expect(await screen.findAllByText('Please select a size')).not.toHaveLength(0);
    expect(added).toBeNull();

    await user.click(screen.getByText('30x40cm'));
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByTestId('add-to-cart'));

    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('2'));
    expect(added).toMatchObject({ posterId: 'poster-1', variantId: 'v-30', size: 'SIZE_30x40', quantity: 2 });
    expect(addCartHeader).toBe('fresh-cart');
    // The answer carried the cart: badge and drawer show it straight away.
    const drawer = await screen.findByTestId('cart-drawer');
    expect(within(drawer).getByText('Midnight Drive')).toBeInTheDocument();
  });

  it('shows the "added" toast inside the open drawer, above the free-shipping bar rather than over it, and names the currency once', async () => {
    let current = cartWith([]);
    server.use(
      http.get<never, never, CartAnswer>('*/api/user/cart', () => HttpResponse.json(cartAnswer(current))),
      ...posterPageHandlers(),
      http.post<never, never, CartAnswer>('*/api/user/cart', () => {
        current = cartWith([posterItem({ variantId: 'v-30', quantity: 1, subtotal: 300 })]);
        return HttpResponse.json(cartAnswer(current));
      }),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    const user = userEvent.setup();
    renderApp('/posters/poster-1');
    await screen.findByRole('heading', { name: 'Midnight Drive' });
    await user.click(screen.getByText('30x40cm'));
    await user.click(screen.getByTestId('add-to-cart'));
    const drawer = await screen.findByTestId('cart-drawer');
    const bar = await within(drawer).findByTestId('free-shipping');
    const toast = await within(drawer).findByTestId('toast');
    expect(toast).toHaveTextContent('Added to cart');
    // In the drawer's flow, before the bar: it pushes the bar down instead of lying on it.
    expect(toast.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(bar).toHaveTextContent('Add LE 1,199.00 more for FREE shipping!');
    expect(bar.textContent).not.toMatch(/EGP/);
  });

  it('shows the free-shipping progress and removes a line with a toast', async () => {
    let cart = cartWith([posterItem({ quantity: 1, subtotal: 300 })]);
    server.use(
      http.get<never, never, CartAnswer>('*/api/user/cart', () => HttpResponse.json(cartAnswer(cart))),
      ...emptyHomeHandlers(),
      http.delete<never, never, CartAnswer>('*/api/user/cart/items/item-1', () => {
        cart = cartWith([]);
        return HttpResponse.json(cartAnswer(cart));
      }),
      ...layoutHandlers({ cart }),
    );
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('cart-button'));
    const drawer = await screen.findByTestId('cart-drawer');
    expect(await within(drawer).findByTestId('free-shipping')).toHaveTextContent('Add LE 1,199.00 more for FREE shipping!');
    await user.click(within(drawer).getByRole('button', { name: 'Remove Midnight Drive' }));
    expect(await screen.findByText('Item removed')).toBeInTheDocument();
    expect(await within(drawer).findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it.each([
    ['ar', 'خريطة الإسكندرية', undefined, 'برواز أسود', undefined],
    ['en', 'Old Alexandria', undefined, 'برواز أسود', 'ar'],
  ])('names each line in the page language (%s), the other language marked when the shop wrote only that', async (locale, posterName, posterLang, addOnName, addOnLang) => {
    const cart = cartWith([
      posterItem({ posterName: 'Old Alexandria', posterNameAr: 'خريطة الإسكندرية' }),
      posterItem({ itemId: 'item-2', kind: 'addon', posterId: null, productId: 'frame', posterName: '', posterNameAr: 'برواز أسود' }),
    ]);
    server.use(http.get<never, never, CartAnswer>('*/api/user/cart', () => HttpResponse.json(cartAnswer(cart))), ...emptyHomeHandlers(), ...layoutHandlers({ cart }));
    window.localStorage.setItem('locale', locale);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('cart-button'));
    const drawer = await screen.findByTestId('cart-drawer');
    expect((await within(drawer).findByText(posterName)).getAttribute('lang') ?? undefined).toBe(posterLang);
    expect(within(drawer).getByText(addOnName).getAttribute('lang') ?? undefined).toBe(addOnLang);
  });

  it('refreshes the cart each time the drawer opens', async () => {
    let gets = 0;
    server.use(
      http.get<never, never, CartAnswer>('*/api/user/cart', () => {
        gets++;
        return HttpResponse.json(cartAnswer(cartWith([posterItem({ quantity: gets })])));
      }),
      ...emptyHomeHandlers(),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    const user = userEvent.setup();
    renderApp('/');
    await waitFor(() => expect(gets).toBe(1));
    await user.click(screen.getByTestId('cart-button'));
    await waitFor(() => expect(gets).toBe(2));
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('2'));
  });
});
