import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { CustomPosterAnswer, SizePriceView } from '../../api/generated-public';
import { cartAnswer, cartWith, posterItem } from '../../test/fixtures';

const server = useMswServer();

function image(bytes: number, name = 'photo.png') {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

describe('custom poster upload', () => {
  it('refuses an image under 500KB with the help link, and asks for a size', async () => {
    server.use(...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    renderApp('/custom');
    await user.upload(await screen.findByTestId('custom-file'), image(100 * 1024));
    expect(screen.getByTestId('custom-error')).toHaveTextContent('Image size must be at least 500KB. Need help? Contact us on');
    expect(within(screen.getByTestId('custom-error')).getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', expect.stringContaining('instagram.com'));
    await user.upload(screen.getByTestId('custom-file'), image(600 * 1024));
    expect(screen.queryByTestId('custom-error')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('custom-submit'));
    expect(screen.getByTestId('custom-error')).toHaveTextContent('Please select a poster size.');
  });

  it('prices from /user/calculate, uploads file, size and quantity, then clears the form', async () => {
    let sent: FormData | null = null;
    server.use(
      http.get<never, never, SizePriceView>('*/api/user/calculate', ({ request }) =>
        HttpResponse.json({ size: new URL(request.url).searchParams.get('size') ?? '', price: 220 }),
      ),
      http.post<never, never, CustomPosterAnswer>('*/api/user/upload', async ({ request }) => {
        sent = await request.formData();
        const customImagePath = '/uploads/c.png';
        return HttpResponse.json({
          ...cartAnswer(cartWith([posterItem({ kind: 'custom', posterId: null, variantId: null, customImagePath, posterName: '', quantity: 2, subtotal: 440 })])),
          customImagePath,
          message: 'Custom poster added to cart',
          thumbnails: [],
        });
      }),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    const user = userEvent.setup();
    renderApp('/custom');
    await user.upload(await screen.findByTestId('custom-file'), image(600 * 1024));
    await user.selectOptions(screen.getByTestId('custom-size'), 'SIZE_30x40');
    await waitFor(() => expect(screen.getByTestId('custom-price')).toHaveTextContent('LE 220.00'));
    const qty = screen.getByLabelText('Quantity');
    await user.clear(qty);
    await user.type(qty, '2');
    expect(screen.getByTestId('custom-price')).toHaveTextContent('LE 440.00');
    await user.click(screen.getByTestId('custom-submit'));
    expect(await screen.findByText('Your custom poster has been added to cart!')).toBeInTheDocument();
    expect(sent!.get('size')).toBe('SIZE_30x40');
    expect(sent!.get('quantity')).toBe('2');
    // (jsdom's File does not survive undici's multipart encoding byte for byte; the browser spec checks the real upload.)
    expect(sent!.has('file')).toBe(true);
    expect(screen.getByTestId('custom-size')).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('2'));
  });

  it("shows the server's 400 message (e.g. an image too large to decode) and keeps the form", async () => {
    const message = 'The image is too large: each side must be at most 20000 pixels.';
    server.use(
      http.get<never, never, SizePriceView>('*/api/user/calculate', () => HttpResponse.json({ size: 'SIZE_30x40', price: 220 })),
      http.post('*/api/user/upload', () => HttpResponse.json({ statusCode: 400, message, error: 'Bad Request' }, { status: 400 })),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    const user = userEvent.setup();
    renderApp('/custom');
    await user.upload(await screen.findByTestId('custom-file'), image(600 * 1024, 'panorama.png'));
    await user.selectOptions(screen.getByTestId('custom-size'), 'SIZE_30x40');
    await waitFor(() => expect(screen.getByTestId('custom-price')).toHaveTextContent('LE 220.00'));
    await user.click(screen.getByTestId('custom-submit'));
    expect(await screen.findByTestId('custom-error')).toHaveTextContent(message);
    expect(screen.getByTestId('custom-size')).toHaveValue('SIZE_30x40');
    expect(screen.queryByText('Your custom poster has been added to cart!')).not.toBeInTheDocument();
  });

  it("says 'Invalid price format received from server' and keeps submit disabled", async () => {
    server.use(http.get('*/api/user/calculate', () => HttpResponse.json({ amount: 'lots' })), ...layoutHandlers({ cart: cartWith([]) }));
    const user = userEvent.setup();
    renderApp('/custom');
    await user.selectOptions(await screen.findByTestId('custom-size'), 'SIZE_20x30');
    expect(await screen.findByText('Invalid price format received from server')).toBeInTheDocument();
    expect(screen.getByTestId('custom-submit')).toBeDisabled();
  });
});
