import { DEFAULT_COORDINATES } from '../shop-config.js';
import { mapPin } from './map-pin.js';

describe('a map pin', () => {
  it("is none for the form's default pair (central Cairo), which says only that nobody moved it", () => {
    expect(mapPin(DEFAULT_COORDINATES.latitude, DEFAULT_COORDINATES.longitude)).toEqual({ latitude: null, longitude: null });
    expect(mapPin(30.0444, 31.2357)).toEqual({ latitude: null, longitude: null });
  });

  it('is none when either half is missing', () => {
    expect(mapPin(null, 31.2)).toEqual({ latitude: null, longitude: null });
    expect(mapPin(31.04, undefined)).toEqual({ latitude: null, longitude: null });
  });

  it('keeps a pin the shopper placed, however near the default', () => {
    expect(mapPin(31.0409, 31.3785)).toEqual({ latitude: 31.0409, longitude: 31.3785 });
    expect(mapPin(30.0444, 31.2358)).toEqual({ latitude: 30.0444, longitude: 31.2358 });
    expect(mapPin(0, 0)).toEqual({ latitude: 0, longitude: 0 });
  });
});
