import { DEFAULT_CUSTOM_PRICES } from '../shop-config.js';
import { given } from '../testing/given-when-then.js';
import { customPricingDecider } from './custom-pricing.decider.js';

describe('custom pricing decider', () => {
  it('starts from the default price of every size', () => {
    expect(customPricingDecider.initialState.prices).toEqual(DEFAULT_CUSTOM_PRICES);
  });

  it('sets the price of a size', () => {
    given(customPricingDecider)
      .when({ type: 'SetCustomPrice', data: { size: 'SIZE_40x50', price: 35000 } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'CustomPriceSet', data: { size: 'SIZE_40x50', price: 35000 } }]);
        expect(state.prices.SIZE_40x50).toBe(35000);
        expect(state.prices.SIZE_20x30).toBe(DEFAULT_CUSTOM_PRICES.SIZE_20x30);
      });
  });

  it('setting the current price changes nothing', () => {
    given(customPricingDecider, [{ type: 'CustomPriceSet', data: { size: 'SIZE_40x50', price: 35000 } }])
      .when({ type: 'SetCustomPrice', data: { size: 'SIZE_40x50', price: 35000 } })
      .then([]);
  });

  it.each([0, -1, 10.5])('refuses the price %p', (price) => {
    const error = given(customPricingDecider).when({ type: 'SetCustomPrice', data: { size: 'SIZE_40x50', price } }).thenThrows('CUSTOM_PRICE_INVALID');
    expect(error.message).toBe('Please enter a valid positive number');
  });

  it('refuses an unknown size', () => {
    given(customPricingDecider).when({ type: 'SetCustomPrice', data: { size: '40x50', price: 100 } }).thenThrows('CUSTOM_PRICE_INVALID_SIZE');
  });
});
