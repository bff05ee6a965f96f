/** Custom poster prices per size (`custompricing`, one stream for the whole shop). */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isPositivePrice, type Piastres } from '../shared/money.js';
import { DEFAULT_CUSTOM_PRICES, isPosterSize, type PosterSize } from '../shop-config.js';
import type { CustomPricingCommand } from './commands.js';
import type { CustomPricingEvent } from './events.js';

/** Every size always has a price: the defaults until an admin sets one. */
export interface CustomPricingState {
  prices: Readonly<Record<PosterSize, Piastres>>;
}

export const initialCustomPricingState: CustomPricingState = Object.freeze({ prices: DEFAULT_CUSTOM_PRICES });

export function decideCustomPricing(command: CustomPricingCommand, state: CustomPricingState): CustomPricingEvent[] {
  switch (command.type) {
    case 'SetCustomPrice': {
      const { size, price } = command.data;
      if (!isPosterSize(size)) throw DomainError.validation('CUSTOM_PRICE_INVALID_SIZE', 'Please select a valid size');
      if (!isPositivePrice(price)) throw DomainError.validation('CUSTOM_PRICE_INVALID', 'Please enter a valid positive number');
      return state.prices[size] === price ? [] : [{ type: 'CustomPriceSet', data: { size, price } }];
    }
    default:
      return assertNever(command.type, 'custom pricing command');
  }
}

export function evolveCustomPricing(state: CustomPricingState, event: CustomPricingEvent): CustomPricingState {
  switch (event.type) {
    case 'CustomPriceSet':
      return { prices: { ...state.prices, [event.data.size]: event.data.price } };
    default:
      return assertNever(event.type, 'custom pricing event');
  }
}

export const customPricingDecider: Decider<CustomPricingCommand, CustomPricingEvent, CustomPricingState> = {
  decide: decideCustomPricing,
  evolve: evolveCustomPricing,
  initialState: initialCustomPricingState,
};
