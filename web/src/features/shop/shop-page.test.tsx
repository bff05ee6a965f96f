import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { AddOnView, DiscountView, GetCategoriesApiResponse, PosterPage } from '../../api/generated-public';
import { cartWith, posterCard, posterPage } from '../../test/fixtures';

const server = useMswServer();

function posters(n: number, offset = 0) {
  return Array.from({ length: n }, (_, i) =>
    posterCard(`p${offset + i}`, `Poster ${offset + i}`, { category: 'CARS', imageUrl: `posters/p${offset + i}.webp`, price: 150 }),
  );
}

function catalogueHandlers(requests: URL[]) {
  return [
    http.get<never, never, PosterPage>('*/api/public/posters', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const page = Number(url.searchParams.get('page'));
      const search = url.searchParams.get('search');
      if (search === 'nothing') return HttpResponse.json(posterPage([], 1, 0));
      return HttpResponse.json(posterPage(posters(page === 7 ? 5 : 20, (page - 1) * 20), page, 125));
    }),
    http.get<never, never, GetCategoriesApiResponse>('*/api/public/categories', () => HttpResponse.json(['CARS', 'ANIME'])),
    http.get<never, never, DiscountView[]>('*/api/public/discounts', () => HttpResponse.json([{ id: 1, category: 'ANIME', percentage: 15, active: true, startsOn: null, endsOn: null }])),
    http.get<never, never, AddOnView[]>('*/api/public/products', () => HttpResponse.json([])),
  ];
}

describe('shop', () => {
  it('pages 20 at a time with first/last and ellipses, and a category resets the page', async () => {
    const requests: URL[] = [];
    server.use(...catalogueHandlers(requests), ...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    const { router } = renderApp('/shop?page=4');
    expect(await screen.findByTestId('result-range')).toHaveTextContent('Showing 61–80 of 125');
    expect(screen.getAllByTestId('poster-card')).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      '‹ Previous', '1', '2', '3', '4', '5', '6', '7', '› Next',
    ]);
    await user.click(within(nav).getByRole('button', { name: 'Page 6' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=6'));
    // The pager follows the page the server answered, which arrives after the URL changed.
    await waitFor(() => expect(screen.getByTestId('result-range')).toHaveTextContent('Showing 101–120 of 125'));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByText('…')).toHaveLength(1));

    await user.selectOptions(screen.getByLabelText('Category'), 'ANIME');
    await waitFor(() => expect(router.state.location.search).toBe('?category=ANIME'));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('page')).toBe('1'));
    expect(requests.at(-1)!.searchParams.get('category')).toBe('ANIME');
    expect(requests.at(-1)!.searchParams.get('limit')).toBe('20');
    expect(screen.getByText(/15% OFF · Anime/)).toBeInTheDocument();
  });

  it("switches the heading to 'Search results for' and shows the empty state and the didn't-find panel", async () => {
    server.use(...catalogueHandlers([]), ...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    renderApp('/shop');
    await screen.findByTestId('result-range');
    await user.type(screen.getByLabelText('Search posters'), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('shop-heading')).toHaveTextContent('Search results for “nothing”'));
    expect(await screen.findByText('No posters found.')).toBeInTheDocument();
    expect(screen.getByText("Didn't find what you're looking for?")).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Make your own' }).some((a) => a.getAttribute('href') === '/custom')).toBe(true);
  });

  it('shows the add-ons tab with its empty state', async () => {
    server.use(...catalogueHandlers([]), ...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    renderApp('/shop');
    await user.click(await screen.findByRole('tab', { name: 'Add-ons' }));
    expect(await screen.findByText('No add-ons found.')).toBeInTheDocument();
  });

  it('names add-ons in the page language, falling back to the other one marked with its language', async () => {
    const addOns: AddOnView[] = [
      { id: 'a1', name: 'Black Frame', description: 'Slim wood', nameAr: 'برواز أسود', descriptionAr: 'خشب رفيع', price: 180, imageUrl: null },
      { id: 'a2', name: 'Wall Tape', description: 'No marks', nameAr: '', descriptionAr: '', price: 45, imageUrl: null },
      { id: 'a3', name: '', description: '', nameAr: 'تغليف هدية', descriptionAr: 'أنبوبة كرافت', price: 60, imageUrl: null },
    ];
    server.use(http.get<never, never, AddOnView[]>('*/api/public/products', () => HttpResponse.json(addOns)), ...catalogueHandlers([]), ...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    window.localStorage.setItem('locale', 'ar');
    const arabic = renderApp('/shop');
    await user.click(await screen.findByRole('tab', { name: 'إضافات' }));
    const names = async () => (await screen.findAllByTestId('addon-card', {}, { timeout: 5000 })).map((card) => {
      const heading = within(card).getByRole('heading');
      return [heading.textContent, heading.getAttribute('lang')];
    });
    expect(await names()).toEqual([['برواز أسود', null], ['Wall Tape', 'en'], ['تغليف هدية', null]]);
    arabic.unmount();

    window.localStorage.setItem('locale', 'en');
    renderApp('/shop');
    await user.click(await screen.findByRole('tab', { name: 'Add-ons' }));
    expect(await names()).toEqual([['Black Frame', null], ['Wall Tape', null], ['تغليف هدية', 'ar']]);
  });
});
