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

  it('the footer newsletter form: refuses a malformed address without a request, subscribes a good one, and says so again to this browser only', async () => {
    const sent: unknown[] = [];
    server.use(
      ...layoutHandlers({ cart: cartWith([]) }),
      http.post('*/api/public/newsletter', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        sent.push(body);
        return HttpResponse.json({ id: 'sub-1', email: body.email, message: 'Subscribed successfully' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const first = renderApp('/about');
    const footer = within(await screen.findByTestId('newsletter'));
    expect(footer.getByText(/By subscribing you agree to receive our newsletter/)).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    await user.type(footer.getByLabelText('E-mail address'), 'not-an-address');
    await user.click(footer.getByRole('button', { name: 'Subscribe' }));
    expect(await footer.findByTestId('newsletter-error')).toHaveTextContent('Please enter a valid e-mail address');
    expect(footer.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(footer.getByLabelText('E-mail address'));
    await user.type(footer.getByLabelText('E-mail address'), '  Fan@Example.com ');
    await user.click(footer.getByRole('button', { name: 'Subscribe' }));
    expect(await footer.findByTestId('newsletter-status')).toHaveTextContent('Thank you! Our newsletter will come to fan@example.com');
    expect(sent).toEqual([{ email: 'fan@example.com' }]);
    // A flag, not the address: the browser keeps nothing that names the person.
    expect(window.localStorage.getItem('newsletter-subscribed')).toBe('1');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('fan@');
    first.unmount();

    renderApp('/about');
    expect(await screen.findByTestId('newsletter-status')).toHaveTextContent('You are already subscribed to our newsletter from this browser.');
    await user.click(screen.getByRole('button', { name: 'Subscribe another address' }));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('');
  });

  it('the newsletter form in Arabic says a refused address and a busy network in Arabic', async () => {
    let answer = 400;
    server.use(
      ...layoutHandlers({ cart: cartWith([]) }),
      http.post('*/api/public/newsletter', () =>
        HttpResponse.json(answer === 400 ? { statusCode: 400, code: 'NEWSLETTER_INVALID_EMAIL', message: 'Please enter a valid email address' } : { statusCode: 429, message: 'Too many' }, { status: answer }),
      ),
    );
    window.localStorage.setItem('locale', 'ar');
    const user = userEvent.setup();
    renderApp('/about');
    const footer = within(await screen.findByTestId('newsletter'));
    expect(footer.getByRole('heading', { name: 'النشرة البريدية' })).toBeInTheDocument();
    await user.type(footer.getByLabelText('البريد الإلكتروني'), 'a@b.co');
    await user.click(footer.getByRole('button', { name: 'اشترك' }));
    expect(await footer.findByTestId('newsletter-error')).toHaveTextContent('من فضلك أدخل بريدًا إلكترونيًا صحيحًا.');
    answer = 429;
    await user.type(footer.getByLabelText('البريد الإلكتروني'), 'm');
    await user.click(footer.getByRole('button', { name: 'اشترك' }));
    expect(await footer.findByTestId('newsletter-error')).toHaveTextContent('محاولات اشتراك كثيرة من شبكتك');
    expect(window.localStorage.getItem('newsletter-subscribed')).toBeNull();
  });
});
