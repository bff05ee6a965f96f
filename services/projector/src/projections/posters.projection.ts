import type { PosterCreated, PosterDetailsChanged, PosterVariant, PosterVariantsChanged, PosterVisibilityChanged } from '#domain/catalog/events.js';
import { bestDiscountPercentage, discountedUnitPrice } from '#domain/pricing/discount-rules.js';
import type { DiscountChanged, DiscountCreated } from '#domain/promotion/events.js';
import { PosterDiscountStateEntity } from '#read-models/poster-discount-state.entity.js';
import { PosterEntity, type PosterVariantView } from '#read-models/poster.entity.js';
import { tableSpec } from '#read-models/table-spec.js';
import { deleteRows, loadRows, upsertRows, type Row } from '../runner/bulk-sql.js';
import { defineProjection } from '../runner/projection.js';
import { DISCOUNT_EVENT_TYPES } from './discounts.projection.js';
import { dataOf, occurredAt } from './event-time.js';

const [POSTERS_TABLE, RULES_TABLE] = [PosterEntity, PosterDiscountStateEntity].map(tableSpec);

const POSTER_EVENT_TYPES = ['PosterCreated', 'PosterDetailsChanged', 'PosterVariantsChanged', 'PosterVisibilityChanged', 'PosterDeleted', 'PosterRecovered'];

type PosterData = PosterCreated['data'] & PosterDetailsChanged['data'] & PosterVariantsChanged['data'] & PosterVisibilityChanged['data'];
type Rule = { discountId: number; category: string | null; percentage: number; active: boolean };

/**
 * The shop catalogue with effective prices. A poster's price depends only on its variants and
 * the discount rules as they end up, so a batch folds both and then re-prices the posters it
 * touched, plus every poster of a category whose discounts changed (all of them for an
 * all-categories discount).
 */
export const postersProjection = defineProjection('posters', {
  version: 1,
  eventTypes: [...POSTER_EVENT_TYPES, ...DISCOUNT_EVENT_TYPES],
  async handle(events, ctx) {
    const ruleRows = await ctx.sql(`SELECT * FROM ${ctx.table(RULES_TABLE.name)}`);
    const rules = new Map<number, Rule>(
      ruleRows.map((r) => [Number(r.discount_id), { discountId: Number(r.discount_id), category: (r.category as string | null) ?? null, percentage: Number(r.percentage), active: r.active as boolean }]),
    );
    const posterIds = events.filter((e) => e.type.startsWith('Poster')).map((e) => dataOf<PosterData>(e).posterId);
    const posters = await loadRows(ctx, POSTERS_TABLE, posterIds);
    const touched = new Set<string>();
    const changedRules = new Set<number>();
    const repriceCategories = new Set<string | null>();

    for (const e of events) {
      if (e.type.startsWith('Discount')) {
        const d = dataOf<DiscountCreated['data'] & DiscountChanged['data']>(e);
        const before = rules.get(d.discountId);
        if (before) repriceCategories.add(before.category);
        if (e.type === 'DiscountCreated') rules.set(d.discountId, { discountId: d.discountId, category: d.category ?? null, percentage: d.percentage, active: d.active });
        else if (e.type === 'DiscountChanged' && before) rules.set(d.discountId, { ...before, percentage: d.percentage, active: d.active });
        else if (e.type === 'DiscountDeleted') rules.delete(d.discountId);
        const after = rules.get(d.discountId);
        if (after) repriceCategories.add(after.category);
        changedRules.add(d.discountId);
        continue;
      }
      const d = dataOf<PosterData>(e);
      const at = occurredAt(e);
      const row = posters.get(d.posterId);
      if (e.type === 'PosterCreated') {
        posters.set(d.posterId, {
          id: d.posterId, name: d.name, description: d.description ?? '', category: d.category, image_url: d.imageUrl ?? '',
          visible: d.visible, deleted: false, variants: d.variants.map(baseVariant), created_at: at, updated_at: at, deleted_at: null,
        });
        touched.add(d.posterId);
        continue;
      }
      if (!row) continue; // an event for a poster never created: nothing to show
      switch (e.type) {
        case 'PosterDetailsChanged':
          if (d.name !== undefined) row.name = d.name;
          if (d.description !== undefined) row.description = d.description;
          if (d.category !== undefined) row.category = d.category;
          if (d.imageUrl !== undefined) row.image_url = d.imageUrl;
          break;
        case 'PosterVariantsChanged':
          row.variants = d.variants.map(baseVariant);
          break;
        case 'PosterVisibilityChanged':
          row.visible = d.visible;
          break;
        case 'PosterDeleted':
          row.deleted = true;
          row.deleted_at = at;
          break;
        case 'PosterRecovered':
          row.deleted = false;
          row.deleted_at = null;
          break;
      }
      row.updated_at = at;
      touched.add(d.posterId);
    }

    if (repriceCategories.size > 0) {
      const all = repriceCategories.has(null);
      const others = await ctx.sql(
        all
          ? `SELECT * FROM ${ctx.table(POSTERS_TABLE.name)}`
          : `SELECT * FROM ${ctx.table(POSTERS_TABLE.name)} WHERE category = ANY($1::text[])`,
        all ? [] : [[...repriceCategories]],
      );
      for (const row of others) {
        const id = row.id as string;
        if (!posters.has(id)) posters.set(id, row);
        touched.add(id);
      }
    }

    const ruleList = [...rules.values()];
    const out: Row[] = [];
    for (const id of touched) out.push(priced(posters.get(id)!, ruleList));
    await upsertRows(ctx, POSTERS_TABLE, out);

    const keptRules = [...changedRules].filter((id) => rules.has(id));
    await upsertRows(ctx, RULES_TABLE, keptRules.map((id) => {
      const r = rules.get(id)!;
      return { discount_id: r.discountId, category: r.category, percentage: r.percentage, active: r.active };
    }));
    await deleteRows(ctx, RULES_TABLE, [...changedRules].filter((id) => !rules.has(id)));
  },
});

function baseVariant(v: PosterVariant): PosterVariantView {
  return { id: v.variantId, variantId: v.variantId, size: v.size, price: v.price, originalPrice: v.price, discountedPrice: v.price, hasDiscount: false, discountPercentage: 0, weightGrams: 0 };
}

/** Effective prices; the poster shows the variant with the largest discount (the cheapest when none). */
function priced(row: Row, rules: readonly Rule[]): Row {
  const percentage = bestDiscountPercentage(row.category as string, rules);
  const variants = (row.variants as PosterVariantView[]).map((v): PosterVariantView => {
    const discountedPrice = discountedUnitPrice(v.price, percentage);
    const hasDiscount = discountedPrice > 0 && discountedPrice < v.price;
    return { ...v, originalPrice: v.price, discountedPrice, hasDiscount, discountPercentage: hasDiscount ? percentage : 0 };
  });
  let sample: PosterVariantView | undefined;
  for (const v of variants) {
    if (!sample) sample = v;
    else if (v.price - v.discountedPrice > sample.price - sample.discountedPrice) sample = v;
    else if (v.price - v.discountedPrice === sample.price - sample.discountedPrice && v.price < sample.price) sample = v;
  }
  const prices = variants.map((v) => v.price);
  return {
    ...row,
    variants,
    has_discount: sample?.hasDiscount ?? false,
    discount_percentage: sample?.discountPercentage ?? 0,
    original_price_sample: sample?.price ?? 0,
    discounted_price_sample: sample?.discountedPrice ?? 0,
    min_price: prices.length ? Math.min(...prices) : 0,
    max_price: prices.length ? Math.max(...prices) : 0,
    min_discounted_price: variants.length ? Math.min(...variants.map((v) => v.discountedPrice)) : 0,
  };
}
