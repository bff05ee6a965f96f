import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { layoutHandlers, useMswServer } from '../../test/handlers';
import type { CustomPosterAnswer, SizePriceView } from '../../api/generated-public';
import { cartAnswer, cartWith, config, posterItem } from '../../test/fixtures';

const server = useMswServer();

function image(bytes: number, name = 'photo.png') {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** jsdom reads no image: the browser's decoder answers these pixels (null: it cannot read the file). */
function decodesAs(width: number | null, height = 0) {
  vi.stubGlobal(
    'Image',
    class {
      naturalWidth = width ?? 0;
      naturalHeight = height;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_url: string) {
        queueMicrotask(() => (width === null ? this.onerror?.() : this.onload?.()));
      }
    },
  );
}
afterEach(() => vi.unstubAllGlobals());

/** The shop's four sizes (the shared fixture lists two), before layoutHandlers so it answers first. */
const allSizes = () =>
  http.get('*/api/public/config', () =>
    HttpResponse.json({ ...config(['CAIRO', 'GIZA']), sizes: ['20x30', '30x40', '40x50', '50x70'].map((s) => ({ code: `SIZE_${s}`, label: `${s}cm` })) }),
  );

describe('custom poster upload', () => {
  it('judges the photo by its decoded pixels at the chosen size: refused under 72 ppi with the figures, warned under 150, sharp above; a localized file button', async () => {
    const uploads: unknown[] = [];
    server.use(
      http.get<never, never, SizePriceView>('*/api/user/calculate', ({ request }) => HttpResponse.json({ size: new URL(request.url).searchParams.get('size') ?? '', price: 220 })),
      http.post('*/api/user/upload', () => {
        uploads.push(1);
        return HttpResponse.json({}, { status: 500 });
      }),
      allSizes(),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    decodesAs(300, 400);
    const user = userEvent.setup();
    renderApp('/custom');
    expect(await screen.findByTestId('custom-file-button')).toHaveTextContent('Choose a photo');
    expect(screen.getByTestId('custom-file-name')).toHaveTextContent('No photo chosen yet');
    expect(screen.getByText(/For a sharp print the photo needs about 150 pixels per inch/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/500 ?KB/);
    // A small file is no longer refused for its bytes: only once a size says what it must print at.
    await user.upload(screen.getByTestId('custom-file'), image(10 * 1024, 'tiny.png'));
    expect(screen.getByTestId('custom-file-name')).toHaveTextContent('tiny.png');
    expect(screen.queryByTestId('custom-error')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('custom-submit'));
    expect(screen.getByTestId('custom-error')).toHaveTextContent('Please select a poster size.');
    await user.selectOptions(screen.getByTestId('custom-size'), 'SIZE_40x50');
    expect(await screen.findByTestId('custom-error')).toHaveTextContent(
      'This photo (300×400 pixels) is too small to print at 40x50cm: it would give 19 pixels per inch, and at least 72 are needed (1134×1417 pixels). Choose a smaller size or a larger photo.',
    );
    await waitFor(() => expect(screen.getByTestId('custom-price')).toHaveTextContent('LE 220.00'));
    await user.click(screen.getByTestId('custom-submit'));
    expect(uploads).toEqual([]);

    decodesAs(1500, 2000);
    await user.upload(screen.getByTestId('custom-file'), image(409 * 1024, 'scan.png'));
    const warning = await screen.findByTestId('custom-print');
    expect(warning).toHaveAttribute('data-verdict', 'soft');
    expect(warning).toHaveTextContent('At 40x50cm this photo gives 95 pixels per inch, so it will print softer than a sharp print (150 or more). You can still order it, or choose a smaller size; a sharp 40x50cm print needs 2362×2953 pixels.');
    expect(screen.queryByTestId('custom-error')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('custom-size'), 'SIZE_20x30');
    await waitFor(() => expect(screen.getByTestId('custom-print')).toHaveAttribute('data-verdict', 'sharp'));
    expect(screen.getByTestId('custom-print')).toHaveTextContent('Sharp at 20x30cm: 169 pixels per inch.');
  });

  it('says the print warning and the refusal in Arabic, with Arabic digits and the Arabic size', async () => {
    server.use(
      http.get<never, never, SizePriceView>('*/api/user/calculate', () => HttpResponse.json({ size: 'SIZE_40x50', price: 300 })),
      allSizes(),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    window.localStorage.setItem('locale', 'ar');
    decodesAs(1500, 2000);
    const user = userEvent.setup();
    renderApp('/custom');
    // The Arabic dictionary arrives after the first render: wait for the page to speak it.
    await waitFor(() => expect(screen.getByTestId('custom-file-button')).toHaveTextContent('اختر صورة'), { timeout: 5000 });
    await user.upload(screen.getByTestId('custom-file'), image(409 * 1024, 'scan.png'));
    await user.selectOptions(screen.getByTestId('custom-size'), 'SIZE_40x50');
    const warning = await screen.findByTestId('custom-print');
    expect(warning).toHaveTextContent('بمقاس ٤٠×٥٠ سم تعطي هذه الصورة ٩٥ بكسل في البوصة');
    expect(warning).toHaveTextContent('تحتاج ٢٣٦٢×٢٩٥٣ بكسل');
    expect(warning.textContent).not.toMatch(/[0-9A-Za-z]/);
    decodesAs(300, 400);
    await user.upload(screen.getByTestId('custom-file'), image(10 * 1024, 'tiny.png'));
    expect(await screen.findByTestId('custom-error')).toHaveTextContent('هذه الصورة (٣٠٠×٤٠٠ بكسل) أصغر من أن تُطبع بمقاس ٤٠×٥٠ سم');
  });

  it("says the server's print refusal (it reads the real pixels) in the shopper's words and figures", async () => {
    const params = { width: 300, height: 400, widthCm: 40, heightCm: 50, ppi: 19, minimumWidth: 1134, minimumHeight: 1417, sharpWidth: 2362, sharpHeight: 2953 };
    server.use(
      http.get<never, never, SizePriceView>('*/api/user/calculate', () => HttpResponse.json({ size: 'SIZE_40x50', price: 300 })),
      http.post('*/api/user/upload', () => HttpResponse.json({ statusCode: 400, code: 'PHOTO_TOO_SMALL_TO_PRINT', message: 'This photo is 300×400 pixels, too few…', params }, { status: 400 })),
      allSizes(),
      ...layoutHandlers({ cart: cartWith([]) }),
    );
    // A photo this browser cannot decode: the server's answer is all there is.
    decodesAs(null);
    const user = userEvent.setup();
    renderApp('/custom');
    await user.upload(await screen.findByTestId('custom-file'), image(10 * 1024, 'odd.png'));
    await user.selectOptions(screen.getByTestId('custom-size'), 'SIZE_40x50');
    await waitFor(() => expect(screen.getByTestId('custom-price')).toHaveTextContent('LE 300.00'));
    await user.click(screen.getByTestId('custom-submit'));
    expect(await screen.findByTestId('custom-error')).toHaveTextContent('This photo (300×400 pixels) is too small to print at 40x50cm: it would give 19 pixels per inch');
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
          print: { verdict: 'soft', ppi: 127, width: 1500, height: 2000, widthCm: 30, heightCm: 40, sharpWidth: 1772, sharpHeight: 2362, minimumWidth: 850, minimumHeight: 1134 },
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
      allSizes(),
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
