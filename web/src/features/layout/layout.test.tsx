import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { AnnouncementView, GetCategoriesApiResponse } from '../../api/generated-public';
import { cartWith } from '../../test/fixtures';

const server = useMswServer();

describe('layout', () => {
  it('the language switch links to the same page in Arabic and remembers the choice', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    renderApp('/about?x=1');
    await screen.findByRole('heading', { name: 'About Us', level: 1 });
    const toggle = screen.getByTestId('language-toggle');
    expect(toggle).toHaveAttribute('href', '/ar/about?x=1');
    // jsdom cannot load another document: the click is kept from navigating, the choice is still stored.
    toggle.addEventListener('click', (e) => e.preventDefault());
    await user.click(toggle);
    expect(window.localStorage.getItem('locale')).toBe('ar');
  });

  it('in Arabic: RTL document, Arabic texts, and the switch back to English', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    window.localStorage.setItem('locale', 'ar');
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'من نحن', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByTestId('language-toggle')).toHaveAttribute('href', '/about');
  });

  it('the announcement in the page language, the other one marked with its language where only one was written', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    const english = renderApp('/about');
    await waitFor(() => expect(screen.getByTestId('announcement')).toHaveTextContent('Free shipping from LE 1,499!'));
    expect(screen.getByTestId('announcement')).not.toHaveAttribute('lang');
    english.unmount();

    window.localStorage.setItem('locale', 'ar');
    const arabic = renderApp('/about');
    await waitFor(() => expect(screen.getByTestId('announcement')).toHaveTextContent('شحن مجاني من ١٬٤٩٩ جنيه!'));
    expect(screen.getByTestId('announcement')).not.toHaveAttribute('lang');
    arabic.unmount();

    server.use(http.get<never, never, AnnouncementView>('*/api/public/announcement', () => HttpResponse.json({ text: 'Eid sale', textAr: null })));
    renderApp('/about');
    expect(await screen.findByText('Eid sale', {}, { timeout: 5000 })).toHaveAttribute('lang', 'en');
  });

  it('the mobile menu expands Categories from the API and lists About, Contact and social links', async () => {
    let categoryCalls = 0;
    server.use(
      http.get<never, never, GetCategoriesApiResponse>('*/api/public/categories', () => {
        categoryCalls++;
        return HttpResponse.json(['FOOTBALL', 'ANIME']);
      }),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    const user = userEvent.setup();
    renderApp('/contact');
    await user.click(await screen.findByTestId('menu-button'));
    const menu = await screen.findByTestId('side-menu');
    expect(categoryCalls).toBe(0);
    await user.click(within(menu).getByRole('button', { name: 'Categories' }));
    const link = await within(menu).findByRole('link', { name: 'Football' });
    expect(link).toHaveAttribute('href', '/shop?category=FOOTBALL');
    expect(within(menu).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(menu).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(menu).getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
  });

  it('names categories in Arabic in the mobile menu', async () => {
    window.localStorage.setItem('locale', 'ar');
    server.use(http.get<never, never, GetCategoriesApiResponse>('*/api/public/categories', () => HttpResponse.json(['FOOTBALL', 'ANIME'])), ...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    renderApp('/contact');
    await user.click(await screen.findByTestId('menu-button'));
    const menu = await screen.findByTestId('side-menu');
    await user.click(within(menu).getByRole('button', { name: 'الأقسام' }));
    expect(await within(menu).findByRole('link', { name: 'كرة القدم' })).toHaveAttribute('href', '/shop?category=FOOTBALL');
    expect(within(menu).getByRole('link', { name: 'أنمي' })).toHaveAttribute('href', '/shop?category=ANIME');
  });

  it('the 404 page links home; the contact page shows the hours', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    const { unmount } = renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: /Page not found/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    unmount();
    renderApp('/contact');
    expect(await screen.findByText('Everyday 12:00 PM - 9:00 PM')).toBeInTheDocument();
  });
});
