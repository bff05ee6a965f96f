import { Inject, Injectable } from '@nestjs/common';
import { customPricingDecider } from '#domain/catalog/custom-pricing.decider.js';
import { posterDecider, type PosterState } from '#domain/catalog/poster.decider.js';
import { productDecider, type ProductState } from '#domain/catalog/product.decider.js';
import { catalogueFromStates, type CatalogueSnapshot } from '#domain/pricing/catalogue-snapshot.js';
import { discountsDecider } from '#domain/promotion/discounts.decider.js';
import { promoCodeDecider } from '#domain/promotion/promo-code.decider.js';
import type { Decider } from '#domain/shared/decider.js';
import { customPricingStream, discountsStream, posterStream, productStream, promoStream } from '#domain/streams.js';
import { comparePositions, type EventStore, type Position } from '#event-store/event-store.port.js';
import { EVENT_STORE } from '../../common/tokens.js';

/**
 * The catalogue as it stood when an order was placed: each catalogue stream an edit needs, folded
 * by its decider up to the order's OrderPlaced position (docs/adr/021). An edit prices a line the
 * order did not record (a new poster, another size) at the price the shopper would have paid then.
 */
@Injectable()
export class CatalogueAtPlacing {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  private async fold<State, Event extends { type: string; data: unknown }>(stream: string, decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, at: Position): Promise<State> {
    let state = decider.initialState;
    for (const e of await this.store.readStream(stream)) {
      if (comparePositions(e.position, at) > 0) break;
      state = decider.evolve(state, { type: e.type, data: e.data } as Event);
    }
    return state;
  }

  async load(at: Position, needs: { posterIds: readonly string[]; productIds: readonly string[]; custom: boolean; promoCode: string | null }): Promise<CatalogueSnapshot> {
    const [posters, products, customPricing, discounts, promo] = await Promise.all([
      Promise.all([...new Set(needs.posterIds)].map(async (id) => [id, await this.fold(posterStream(id), posterDecider, at)] as [string, PosterState])),
      Promise.all([...new Set(needs.productIds)].map(async (id) => [id, await this.fold(productStream(id), productDecider, at)] as [string, ProductState])),
      needs.custom ? this.fold(customPricingStream(), customPricingDecider, at) : Promise.resolve(customPricingDecider.initialState),
      this.fold(discountsStream(), discountsDecider, at),
      needs.promoCode ? this.fold(promoStream(needs.promoCode), promoCodeDecider, at) : Promise.resolve(null),
    ]);
    return catalogueFromStates({ posters, products, customPricing, discounts, promo });
  }
}
