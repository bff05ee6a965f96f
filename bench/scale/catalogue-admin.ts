/**
 * The catalogue as admins run it over two years: most posters on launch day and the rest over
 * time, prices and descriptions edited, sizes added and dropped, posters hidden for a while or
 * deleted (and sometimes recovered), add-ons repriced and replaced, custom prices raised.
 */
import type { CustomPricingCommand, PosterCommand, ProductCommand, VariantInput } from '#domain/catalog/commands.js';
import { customPricingDecider, type CustomPricingState } from '#domain/catalog/custom-pricing.decider.js';
import type { CustomPricingEvent, PosterEvent, ProductEvent } from '#domain/catalog/events.js';
import { posterDecider, type PosterState } from '#domain/catalog/poster.decider.js';
import { productDecider, type ProductState } from '#domain/catalog/product.decider.js';
import type { Actor } from '#domain/shared/event.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { CATEGORIES, SIZES, type Category, type PosterSize } from '#domain/shop-config.js';
import { customPricingStream, posterStream, productStream } from '#domain/streams.js';
import { DAY, repeatRandomly, type Timeline } from './timeline.js';
import { Aggregate, type WriteSide } from './write-side.js';

export const ADMIN: Actor = { kind: 'admin', id: 'admin' };

export type PosterAggregate = Aggregate<PosterCommand, PosterEvent, PosterState>;
export type ProductAggregate = Aggregate<ProductCommand, ProductEvent, ProductState>;

const ADJECTIVES = ['Golden', 'Midnight', 'Silent', 'Electric', 'Vintage', 'Crimson', 'Blue', 'Wild', 'Urban', 'Desert', 'Neon', 'Ancient', 'Little', 'Endless', 'Bright', 'Quiet'];
const NOUNS: Readonly<Record<Category, readonly string[]>> = {
  FOOTBALL: ['Derby', 'Goal', 'Stadium', 'Captain', 'Final', 'Kick-off', 'Ultras', 'Pitch'],
  CARS: ['Coupe', 'Racer', 'Roadster', 'Rally', 'Drift', 'Garage', 'Engine', 'Highway'],
  MOVIES: ['Screen', 'Premiere', 'Cinema', 'Odyssey', 'Heist', 'Matinee', 'Reel', 'Spotlight'],
  ANIME: ['Spirit', 'Ninja', 'Samurai', 'Mecha', 'Sky Runner', 'Sakura', 'Dragon', 'Academy'],
  ART: ['Geometry', 'Circles', 'Waves', 'Bauhaus', 'Mosaic', 'Arabesque', 'Canvas', 'Palette'],
  NATURE: ['Nile', 'Dunes', 'Reef', 'Oasis', 'Palms', 'Sunset', 'Mountain', 'Forest'],
  QUOTES: ['Dream Big', 'Keep Going', 'Stay Kind', 'Be Brave', 'Start Now', 'Work Hard', 'Breathe', 'Smile'],
  OTHER: ['Skyline', 'Map', 'Tram', 'Felucca', 'Lantern', 'Souq', 'Minaret', 'Balcony'],
};
const ROOMS = ['living rooms', 'bedrooms', 'offices', 'studios', 'cafés', 'kids rooms'];
const PAPERS = ['matte', 'glossy', 'textured', 'satin'];
/** EGP per size: the price tiers the demo catalogue uses too. */
const PRICE_TIERS: ReadonlyArray<Partial<Record<PosterSize, number>>> = [
  { SIZE_20x30: 150, SIZE_30x40: 220, SIZE_40x50: 300, SIZE_50x70: 420 },
  { SIZE_20x30: 140, SIZE_30x40: 200 },
  { SIZE_30x40: 240, SIZE_40x50: 330, SIZE_50x70: 460 },
  { SIZE_20x30: 180, SIZE_30x40: 260, SIZE_40x50: 350, SIZE_50x70: 490 },
];
const ADD_ONS: ReadonlyArray<{ name: string; description: string; egp: number }> = [
  { name: 'Black frame', description: 'Slim black aluminium frame', egp: 99 },
  { name: 'White frame', description: 'Slim white aluminium frame', egp: 99 },
  { name: 'Wooden frame', description: 'Natural oak frame', egp: 149 },
  { name: 'Glass frame', description: 'Frameless glass clips', egp: 199 },
  { name: 'Gift wrap', description: 'Kraft paper and ribbon', egp: 25 },
  { name: 'Sticker pack', description: 'Ten vinyl stickers', egp: 45 },
  { name: 'Hanging kit', description: 'Hooks, nails and a level', egp: 35 },
  { name: 'Poster tube', description: 'Hard tube for gifting', egp: 30 },
];
/** Custom poster prices at launch (piastres), raised later. */
const LAUNCH_CUSTOM_PRICES: Readonly<Record<PosterSize, number>> = { SIZE_20x30: 16000, SIZE_30x40: 23000, SIZE_40x50: 31000, SIZE_50x70: 44000 };

/** Prices move in 5 EGP steps. */
function roundedPrice(piastres: number): number {
  return Math.max(500, Math.round(piastres / 500) * 500);
}

export class Catalogue {
  readonly posters: PosterAggregate[] = [];
  readonly products: ProductAggregate[] = [];
  readonly customPricing = new Aggregate<CustomPricingCommand, CustomPricingEvent, CustomPricingState>(customPricingStream(), customPricingDecider);
  private readonly posterById = new Map<string, PosterAggregate>();
  private readonly productById = new Map<string, ProductAggregate>();
  /** Popularity: a few posters sell far more than the rest; cumulative weights for drawing. */
  private readonly cumulative: number[] = [];
  private readonly names = new Set<string>();

  constructor(
    private readonly w: WriteSide,
    private readonly timeline: Timeline,
    private readonly o: { posters: number; start: number; end: number },
  ) {}

  /** Launch day (the first day): three quarters of the posters, the add-ons and custom prices; then two years of edits. */
  open(): void {
    const { start, end } = this.o;
    const atLaunch = Math.ceil(this.o.posters * 0.75);
    for (let i = 0; i < atLaunch; i++) this.createPoster(start + (i * DAY) / (atLaunch + 1));
    ADD_ONS.forEach((a, i) => this.createProduct(start + DAY / 2 + i * 60_000, a));
    SIZES.forEach((size, i) => this.setCustomPrice(start + DAY / 2 + i * 60_000, size, LAUNCH_CUSTOM_PRICES[size]));
    const span = end - start;
    for (let i = atLaunch; i < this.o.posters; i++) this.timeline.schedule(start + DAY + this.w.random.next() * (span - DAY), (at) => this.createPoster(at));
    // About four edits per poster over the whole run.
    repeatRandomly(this.timeline, this.w.random, start + DAY, span / (this.o.posters * 4), (at) => this.editPoster(at));
    repeatRandomly(this.timeline, this.w.random, start + DAY, 45 * DAY, (at) => this.repriceProduct(at));
    this.timeline.schedule(start + span * 0.5, (at) => this.createProduct(at, { name: 'Magnetic hanger', description: 'Wooden magnetic rails, no frame needed', egp: 120 }));
    this.timeline.schedule(start + span * 0.6, (at) => this.execute(this.products[3], [{ type: 'DeleteProduct', data: { productId: this.products[3].state.productId } }], at));
    this.timeline.schedule(start + 365 * DAY, (at) => SIZES.forEach((size) => this.setCustomPrice(at, size, roundedPrice(this.customPricing.state.prices[size] * 1.1))));
  }

  poster(posterId: string): PosterAggregate | undefined {
    return this.posterById.get(posterId);
  }

  product(productId: string): ProductAggregate | undefined {
    return this.productById.get(productId);
  }

  /** A poster a shopper can see in the shop (visible, not deleted), the popular ones more often. */
  shopPoster(): PosterAggregate | undefined {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    for (let tries = 0; tries < 10 && total > 0; tries++) {
      const r = this.w.random.next() * total;
      let lo = 0;
      let hi = this.cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.cumulative[mid] > r) hi = mid;
        else lo = mid + 1;
      }
      const p = this.posters[lo];
      if (p.state.visible && !p.state.deleted) return p;
    }
    return undefined;
  }

  shopProduct(): ProductAggregate | undefined {
    const live = this.products.filter((p) => !p.state.deleted);
    return live.length ? this.w.random.pick(live) : undefined;
  }

  private execute<C, E extends { type: string; data: object }, S>(aggregate: Aggregate<C, E, S>, commands: readonly C[], at: number): boolean {
    return this.w.execute(aggregate, commands, at, ADMIN);
  }

  private posterName(category: Category): string {
    const r = this.w.random;
    let name = `${r.pick(ADJECTIVES)} ${r.pick(NOUNS[category])}`;
    for (let n = 2; this.names.has(name); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
    this.names.add(name);
    return name;
  }

  private description(name: string): string {
    const r = this.w.random;
    return `${name}: a print for ${r.pick(ROOMS)}, on ${r.pick(PAPERS)} paper.`;
  }

  private imageUrl(): string {
    return `/uploads/posters/${this.w.uuid()}.webp`;
  }

  private createPoster(at: number): void {
    const r = this.w.random;
    const posterId = this.w.uuid();
    const category = r.pick(CATEGORIES);
    const name = this.posterName(category);
    const variants: VariantInput[] = Object.entries(r.pick(PRICE_TIERS)).map(([size, egp]) => ({
      variantId: uuidFromName(`${posterId}/variant/${size}`),
      size,
      price: egp * 100,
    }));
    const aggregate: PosterAggregate = new Aggregate(posterStream(posterId), posterDecider);
    const created = this.execute(aggregate, [{
      type: 'CreatePoster',
      data: { posterId, name, description: this.description(name), category, imageUrl: this.imageUrl(), visible: true, variants },
    }], at);
    if (!created) return;
    this.posters.push(aggregate);
    this.posterById.set(posterId, aggregate);
    // Zipf-like popularity by a random rank, so launch-day posters are not all the best sellers.
    const rank = 1 + r.int(0, this.o.posters - 1);
    this.cumulative.push((this.cumulative[this.cumulative.length - 1] ?? 0) + 1 / rank ** 0.9);
  }

  private editPoster(at: number): void {
    const r = this.w.random;
    const editable = this.posters.length ? r.pick(this.posters) : undefined;
    if (!editable || editable.state.deleted) return;
    const posterId = editable.state.posterId;
    const commands: PosterCommand[] = [];
    switch (r.weighted({ price: 35, sizes: 8, details: 20, hide: 15, delete: 4, several: 18 })) {
      case 'price':
        commands.push(this.repriced(editable.state));
        break;
      case 'sizes':
        commands.push(this.resized(editable.state));
        break;
      case 'details':
        commands.push(this.newDetails(editable.state));
        break;
      case 'hide':
        if (!editable.state.visible) return;
        commands.push({ type: 'ChangePosterVisibility', data: { posterId, visible: false } });
        this.timeline.schedule(at + r.int(2, 30) * DAY, (later) => {
          if (!editable.state.deleted) this.execute(editable, [{ type: 'ChangePosterVisibility', data: { posterId, visible: true } }], later);
        });
        break;
      case 'delete':
        commands.push({ type: 'DeletePoster', data: { posterId } });
        if (r.chance(0.6)) this.timeline.schedule(at + r.int(1, 30) * DAY, (later) => this.execute(editable, [{ type: 'RecoverPoster', data: { posterId } }], later));
        break;
      case 'several':
        // The edit form's PUT: details, sizes and prices, visibility in one request, one append.
        commands.push(this.newDetails(editable.state), this.repriced(editable.state), { type: 'ChangePosterVisibility', data: { posterId, visible: true } });
        break;
    }
    this.execute(editable, commands, at);
  }

  private repriced(state: PosterState): PosterCommand {
    const factor = 0.9 + this.w.random.next() * 0.3;
    const variants = state.variants.map((v) => ({ variantId: v.variantId, size: v.size, price: roundedPrice(v.price * factor) }));
    return { type: 'ChangePosterVariants', data: { posterId: state.posterId, variants } };
  }

  private resized(state: PosterState): PosterCommand {
    const r = this.w.random;
    const missing = SIZES.filter((s) => !state.variants.some((v) => v.size === s));
    let variants: VariantInput[] = state.variants.map((v) => ({ ...v }));
    if (missing.length > 0 && (state.variants.length === 1 || r.chance(0.6))) {
      const size = r.pick(missing);
      const base = state.variants[state.variants.length - 1].price;
      variants.push({ variantId: uuidFromName(`${state.posterId}/variant/${size}`), size, price: roundedPrice(base * (1 + 0.3 * (SIZES.indexOf(size) - 1))) });
    } else {
      const dropped = r.pick(state.variants).variantId;
      variants = variants.filter((v) => v.variantId !== dropped);
    }
    return { type: 'ChangePosterVariants', data: { posterId: state.posterId, variants } };
  }

  private newDetails(state: PosterState): PosterCommand {
    const r = this.w.random;
    const category = r.chance(0.1) ? r.pick(CATEGORIES) : undefined;
    const name = r.chance(0.2) ? this.posterName(category ?? state.category ?? 'OTHER') : undefined;
    return {
      type: 'ChangePosterDetails',
      data: { posterId: state.posterId, name, description: this.description(name ?? state.name), category, imageUrl: r.chance(0.3) ? this.imageUrl() : undefined },
    };
  }

  private createProduct(at: number, addOn: { name: string; description: string; egp: number }): void {
    const productId = this.w.uuid();
    const aggregate: ProductAggregate = new Aggregate(productStream(productId), productDecider);
    const data = { productId, name: addOn.name, description: addOn.description, price: addOn.egp * 100, imageUrl: `/uploads/products/${this.w.uuid()}.webp` };
    if (!this.execute(aggregate, [{ type: 'CreateProduct', data }], at)) return;
    this.products.push(aggregate);
    this.productById.set(productId, aggregate);
  }

  private repriceProduct(at: number): void {
    const product = this.shopProduct();
    if (!product) return;
    const { productId, name, description, price } = product.state;
    this.execute(product, [{ type: 'UpdateProduct', data: { productId, name, description, price: roundedPrice(price * (0.95 + this.w.random.next() * 0.2)) } }], at);
  }

  private setCustomPrice(at: number, size: PosterSize, price: number): void {
    this.execute(this.customPricing, [{ type: 'SetCustomPrice', data: { size, price } }], at);
  }
}
