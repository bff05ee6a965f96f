import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AnnouncementView, CartAnswer, CartView, GetShippingEstimateApiResponse, ShopConfigView } from '../api/generated-public';
import { cartAnswer, config } from './fixtures';

/** What every page of the layout asks for, answered plainly; tests override what they test. */
export function layoutHandlers(opts: { cart: CartView; cartId?: string; exempt?: string[] }) {
  return [
    http.get<never, never, AnnouncementView>('*/api/public/announcement', () => HttpResponse.json({ text: 'Free shipping from LE 1,499!', textAr: 'شحن مجاني من ١٬٤٩٩ جنيه!' })),
    http.get<never, never, ShopConfigView>('*/api/public/config', () => HttpResponse.json(config(opts.exempt ?? ['CAIRO', 'GIZA']))),
    http.get<never, never, CartAnswer>('*/api/user/cart', () => HttpResponse.json(cartAnswer(opts.cart, opts.cartId))),
    http.post<never, never, CartAnswer>('*/api/user/cart/payment-method', () => HttpResponse.json(cartAnswer(opts.cart, opts.cartId))),
    http.get<never, never, GetShippingEstimateApiResponse>('*/api/user/shipping/estimate', ({ request }) => {
      const gov = new URL(request.url).searchParams.get('governorate');
      return HttpResponse.json(gov === 'CAIRO' ? 60 : gov === 'GIZA' ? 65 : 70);
    }),
  ];
}

/** One msw server per test file, failing on any call a test did not expect. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
