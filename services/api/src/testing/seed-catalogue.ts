import { randomUUID } from 'node:crypto';
import { posterDecider } from '#domain/catalog/poster.decider.js';
import { productDecider } from '#domain/catalog/product.decider.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import { promoCodeDecider } from '#domain/promotion/promo-code.decider.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { discountsStream, posterStream, productStream, promoStream } from '#domain/streams.js';
import type { EventStore, Position } from '#event-store/event-store.port.js';
import { executeDecider } from '../common/execute-decider.js';
import { runWithContext } from '../common/request-context.js';

/**
 * Catalogue facts for tests, appended through the domain's deciders (the admin HTTP API is
 * another engineer's and is tested there). Prices in piastres.
 */
const asAdmin = <T>(fn: () => Promise<T>) => runWithContext({ requestId: `seed-${randomUUID()}`, actor: { kind: 'admin', id: 'seed' } }, fn);

export async function seedPoster(
  store: EventStore,
  p: { name?: string; nameAr?: string; description?: string; category?: string; visible?: boolean; prices?: Partial<Record<'SIZE_20x30' | 'SIZE_30x40' | 'SIZE_40x50' | 'SIZE_50x70', number>> } = {},
): Promise<{ posterId: string; variants: Array<{ variantId: string; size: string; price: number }>; position: Position }> {
  const posterId = randomUUID();
  const prices = p.prices ?? { SIZE_20x30: 20000, SIZE_30x40: 30000 };
  const variants = Object.entries(prices).map(([size, price]) => ({ variantId: uuidFromName(`${posterId}:${size}`), size, price: price! }));
  const result = await asAdmin(() =>
    executeDecider(store, {
      stream: posterStream(posterId),
      decider: posterDecider,
      command: {
        type: 'CreatePoster',
        data: {
          posterId,
          name: p.name ?? 'Poster ' + posterId.slice(0, 6),
          ...(p.nameAr ? { nameAr: p.nameAr } : {}),
          description: p.description ?? 'A poster for tests',
          category: p.category ?? 'ART',
          imageUrl: '/uploads/posters/x.jpg',
          visible: p.visible ?? true,
          variants,
        },
      },
    }),
  );
  return { posterId, variants, position: result.position! };
}

export async function changePosterPrices(store: EventStore, posterId: string, variants: Array<{ variantId: string; size: string; price: number }>) {
  await asAdmin(() =>
    executeDecider(store, { stream: posterStream(posterId), decider: posterDecider, command: { type: 'ChangePosterVariants', data: { posterId, variants } } }),
  );
}

export async function setPosterVisibility(store: EventStore, posterId: string, visible: boolean) {
  await asAdmin(() =>
    executeDecider(store, { stream: posterStream(posterId), decider: posterDecider, command: { type: 'ChangePosterVisibility', data: { posterId, visible } } }),
  );
}

export async function seedProduct(store: EventStore, p: { name?: string; price?: number } = {}): Promise<{ productId: string }> {
  const productId = randomUUID();
  await asAdmin(() =>
    executeDecider(store, {
      stream: productStream(productId),
      decider: productDecider,
      command: { type: 'CreateProduct', data: { productId, name: p.name ?? 'Frame', description: 'An add-on', price: p.price ?? 5000, imageUrl: null } },
    }),
  );
  return { productId };
}

export async function seedPromo(store: EventStore, code: string, percentOff: number, active = true) {
  await asAdmin(() =>
    executeDecider(store, { stream: promoStream(code), decider: promoCodeDecider, command: { type: 'CreatePromoCode', data: { code, percentOff, active } } }),
  );
}

export async function deactivatePromo(store: EventStore, code: string) {
  await asAdmin(() =>
    executeDecider(store, { stream: promoStream(code), decider: promoCodeDecider, command: { type: 'DeactivatePromoCode', data: { code } } }),
  );
}

/** window: shop days, inclusive (absent: always in force). */
export async function seedDiscount(store: EventStore, category: string | null, percentage: number, window: { startsOn?: string; endsOn?: string } = {}) {
  await asAdmin(() =>
    executeDecider(store, { stream: discountsStream(), decider: discountsDecider, command: { type: 'CreateDiscount', data: { category, percentage, active: true, ...window } } }),
  );
}

export const VALID_CHECKOUT = {
  firstName: 'Mona',
  lastName: 'Hassan',
  phone: '01012345678',
  addressLine: '12 Tahrir St',
  building: '4',
  apartment: '7',
  city: 'Cairo',
  governorate: 'CAIRO',
  paymentMethod: 'COD',
};
