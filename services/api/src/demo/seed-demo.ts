/**
 * Seeds the demo shop through the same deciders the API's commands use, so the demo log is a
 * real history (events with a system actor), not rows. Idempotent: ids are derived from names,
 * and a shop whose first demo poster exists is left alone.
 */
import { posterDecider } from '#domain/catalog/poster.decider.js';
import { productDecider } from '#domain/catalog/product.decider.js';
import { announcementDecider } from '#domain/content/announcement.decider.js';
import { galleryDecider } from '#domain/content/gallery.decider.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import { promoCodeDecider } from '#domain/promotion/promo-code.decider.js';
import { egpToPiastres } from '#domain/shared/money.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import type { PosterSize } from '#domain/shop-config.js';
import {
  announcementStream, discountsStream, galleryStream, posterStream, productStream, promoStream,
} from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { executeDecider } from '../common/execute-decider.js';
import { DEMO_ANNOUNCEMENT, DEMO_ANNOUNCEMENT_AR, DEMO_DISCOUNT, DEMO_GALLERY, DEMO_POSTERS, DEMO_PRODUCTS, DEMO_PROMO } from './demo-catalogue.js';
import { DEMO_IMAGE_SIZE, type ImageSize, writeDemoImage } from './demo-images.js';

const demoPosterId = (slug: string) => uuidFromName(`demo/poster/${slug}`);

export interface SeedDemoOptions {
  /** The pictures' size: the shop's by default; a test draws them small, since drawing is most of a seed's time. */
  imageSize?: ImageSize;
}

export async function seedDemoShop(store: EventStore, uploadsDir: string, { imageSize = DEMO_IMAGE_SIZE }: SeedDemoOptions = {}): Promise<{ seeded: boolean; posters: number }> {
  const first = await store.readStream(posterStream(demoPosterId(DEMO_POSTERS[0].slug)), { maxCount: 1 });
  if (first.length > 0) return { seeded: false, posters: 0 };

  for (const poster of DEMO_POSTERS) {
    const posterId = demoPosterId(poster.slug);
    const imageUrl = await writeDemoImage(uploadsDir, poster.slug, imageSize);
    const variants = Object.entries(poster.prices).map(([size, egp]) => ({
      variantId: uuidFromName(`${posterId}/variant/${size as PosterSize}`),
      size,
      price: egpToPiastres(egp),
    }));
    await executeDecider(store, {
      stream: posterStream(posterId),
      decider: posterDecider,
      command: { type: 'CreatePoster', data: { posterId, name: poster.name, description: poster.description, nameAr: poster.nameAr, descriptionAr: poster.descriptionAr, category: poster.category, imageUrl, visible: true, variants } },
    });
  }
  for (const product of DEMO_PRODUCTS) {
    const productId = uuidFromName(`demo/product/${product.slug}`);
    const imageUrl = await writeDemoImage(uploadsDir, `product-${product.slug}`, imageSize);
    await executeDecider(store, {
      stream: productStream(productId),
      decider: productDecider,
      command: {
        type: 'CreateProduct',
        data: { productId, name: product.name, description: product.description, nameAr: product.nameAr, descriptionAr: product.descriptionAr, price: egpToPiastres(product.price), imageUrl },
      },
    });
  }
  for (const { name, caption, captionAr } of DEMO_GALLERY) {
    const imageUrl = await writeDemoImage(uploadsDir, name, imageSize);
    await executeDecider(store, {
      stream: galleryStream(),
      decider: galleryDecider,
      command: { type: 'AddGalleryImage', data: { imageId: uuidFromName(`demo/gallery/${name}`), imageUrl, caption, captionAr } },
    });
  }
  await executeDecider(store, {
    stream: discountsStream(),
    decider: discountsDecider,
    command: { type: 'CreateDiscount', data: { category: DEMO_DISCOUNT.category, percentage: DEMO_DISCOUNT.percentage, active: true } },
  });
  await executeDecider(store, {
    stream: promoStream(DEMO_PROMO.code),
    decider: promoCodeDecider,
    command: { type: 'CreatePromoCode', data: { code: DEMO_PROMO.code, percentOff: DEMO_PROMO.percentOff, active: true, rules: DEMO_PROMO.rules } },
  });
  await executeDecider(store, {
    stream: announcementStream(),
    decider: announcementDecider,
    command: { type: 'ChangeAnnouncement', data: { text: DEMO_ANNOUNCEMENT, textAr: DEMO_ANNOUNCEMENT_AR } },
  });
  return { seeded: true, posters: DEMO_POSTERS.length };
}
