import type { DiscountSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import type { PosterState } from '#domain/catalog/poster.decider.js';
import { piastresToEgp } from '#domain/shared/money.js';
import type { PosterEntity } from '#read-models/poster.entity.js';
import { posterView } from '../../catalog/poster-view.js';
import type { AdminPosterView, PosterStateView } from './admin-poster-response.js';

/** A read-model poster for the admin grid: the shop's view plus what only the admin sees. */
export function adminPosterView(p: PosterEntity, inForce: readonly DiscountSnapshot[]): AdminPosterView {
  return { ...posterView(p, inForce), deleted: p.deleted, deletedAt: p.deletedAt, updatedAt: p.updatedAt, basePrice: piastresToEgp(p.minPrice) };
}

/** The poster as the command left it (answers of POST/PUT, before the projector catches up). */
export function posterStateView(s: PosterState): PosterStateView {
  const prices = s.variants.map((v) => v.price);
  return {
    id: s.posterId,
    name: s.name,
    description: s.description,
    nameAr: s.nameAr,
    descriptionAr: s.descriptionAr,
    category: s.category,
    imageUrl: s.imageUrl,
    visible: s.visible,
    deleted: s.deleted,
    basePrice: prices.length ? piastresToEgp(Math.min(...prices)) : 0,
    variants: s.variants.map((v) => ({ id: v.variantId, variantId: v.variantId, size: v.size, price: piastresToEgp(v.price), weightGrams: 0 })),
  };
}
