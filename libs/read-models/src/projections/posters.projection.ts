import { POSTER_EVENT_TYPES, type PosterEvent, type PosterVariant } from '#domain/catalog/events.js';
import { posterDisplayPrices } from '#domain/pricing/poster-display-prices.js';
import { foldForSearch } from '#domain/shared/search-folding.js';
import { DISCOUNT_EVENT_TYPES, type DiscountEvent } from '#domain/promotion/events.js';
import { PosterDiscountStateEntity } from '../poster-discount-state.entity.js';
import { PosterEntity, type PosterVariantView } from '../poster.entity.js';
import { tableSpec } from '../table-spec.js';
import { deleteRows, loadRows, upsertRows, type Row } from './bulk-sql.js';
import { occurredAt } from './event-time.js';
import { defineProjection, type RecordedShopEvent } from './projection.js';

const [POSTERS_TABLE, RULES_TABLE] = [PosterEntity, PosterDiscountStateEntity].map(tableSpec);

type PosterOrDiscountEvent = RecordedShopEvent<PosterEvent['type'] | DiscountEvent['type']>;
const POSTER_TYPES: ReadonlySet<string> = new Set(POSTER_EVENT_TYPES);
const isPosterEvent = (e: PosterOrDiscountEvent): e is RecordedShopEvent<PosterEvent['type']> => POSTER_TYPES.has(e.type);

type Rule = { discountId: number; category: string | null; percentage: number; active: boolean };

/**
 * A projection sees events, not the calendar: it prices with the discounts that are always in
 * force (active, no window). A discount with a window is kept here as inactive; the storefront's
 * read prices the rows again with the discounts in force on the day it reads (docs/adr/020).
 */
const alwaysInForce = (d: { active: boolean; startsOn?: string | null; endsOn?: string | null }) => d.active && d.startsOn == null && d.endsOn == null;

/**
 * The shop catalogue with effective prices. A poster's price depends only on its variants and
 * the discount rules as they end up, so a batch folds both and then re-prices the posters it
 * touched, plus every poster of a category whose discounts changed (all of them for an
 * all-categories discount). Version 2 keeps the folded text searches match (search_text);
 * version 3 gives posters written in Arabic before the catalogue was bilingual their Arabic name.
 */
export const postersProjection = defineProjection({
  name: 'posters',
  version: 3,
  tables: [PosterEntity],
  stateTables: [PosterDiscountStateEntity],
  eventTypes: [...POSTER_EVENT_TYPES, ...DISCOUNT_EVENT_TYPES],
  async handle(events, ctx) {
    const ruleRows = await ctx.sql(`SELECT * FROM ${ctx.table(RULES_TABLE.name)}`);
    const rules = new Map<number, Rule>(
      ruleRows.map((r) => [Number(r.discount_id), { discountId: Number(r.discount_id), category: (r.category as string | null) ?? null, percentage: Number(r.percentage), active: r.active as boolean }]),
    );
    const posterIds = events.filter(isPosterEvent).map((e) => e.data.posterId);
    const posters = await loadRows(ctx, POSTERS_TABLE, posterIds);
    const touched = new Set<string>();
    const changedRules = new Set<number>();
    const repriceCategories = new Set<string | null>();

    for (const e of events) {
      if (!isPosterEvent(e)) {
        const id = e.data.discountId;
        const before = rules.get(id);
        if (before) repriceCategories.add(before.category);
        if (e.type === 'DiscountCreated') rules.set(id, { discountId: id, category: e.data.category ?? null, percentage: e.data.percentage, active: alwaysInForce(e.data) });
        else if (e.type === 'DiscountChanged' && before) rules.set(id, { ...before, percentage: e.data.percentage, active: alwaysInForce(e.data) });
        else if (e.type === 'DiscountDeleted') rules.delete(id);
        const after = rules.get(id);
        if (after) repriceCategories.add(after.category);
        changedRules.add(id);
        continue;
      }
      const posterId = e.data.posterId;
      const at = occurredAt(e);
      const row = posters.get(posterId);
      if (e.type === 'PosterCreated') {
        const d = e.data;
        posters.set(d.posterId, {
          id: d.posterId, name: d.name, description: d.description ?? '', name_ar: d.nameAr ?? '', description_ar: d.descriptionAr ?? '', category: d.category, image_url: d.imageUrl ?? '',
          visible: d.visible, deleted: false, variants: d.variants.map(baseVariant), created_at: at, updated_at: at, deleted_at: null,
        });
        touched.add(posterId);
        continue;
      }
      if (!row) continue; // an event for a poster never created: nothing to show
      switch (e.type) {
        case 'PosterDetailsChanged': {
          const d = e.data;
          if (d.name !== undefined) row.name = d.name;
          if (d.description !== undefined) row.description = d.description;
          if (d.nameAr !== undefined) row.name_ar = d.nameAr;
          if (d.descriptionAr !== undefined) row.description_ar = d.descriptionAr;
          if (d.category !== undefined) row.category = d.category;
          if (d.imageUrl !== undefined) row.image_url = d.imageUrl;
          break;
        }
        case 'PosterVariantsChanged':
          row.variants = e.data.variants.map(baseVariant);
          break;
        case 'PosterVisibilityChanged':
          row.visible = e.data.visible;
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
      touched.add(posterId);
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

/** Prices with the discounts always in force; the poster shows the variant with the largest discount (the cheapest when none). */
function priced(row: Row, rules: readonly Rule[]): Row {
  const p = posterDisplayPrices(row.category as string, row.variants as PosterVariantView[], rules);
  const prices = p.variants.map((v) => v.price);
  return {
    ...row,
    search_text: foldForSearch([row.name, row.description, row.name_ar, row.description_ar].join(' ')),
    variants: p.variants,
    has_discount: p.hasDiscount,
    discount_percentage: p.discountPercentage,
    original_price_sample: p.originalPriceSample,
    discounted_price_sample: p.discountedPriceSample,
    min_price: prices.length ? Math.min(...prices) : 0,
    max_price: prices.length ? Math.max(...prices) : 0,
    min_discounted_price: p.minDiscountedPrice,
  };
}
