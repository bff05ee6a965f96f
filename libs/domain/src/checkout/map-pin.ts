/**
 * Where the shopper pinned their door on the checkout's map, or no pin. The form opens on the
 * shop's default position (central Cairo), so that pair says only that nobody moved the pin:
 * stored, it would send a courier, or a data download, to Tahrir for an address in Mansoura.
 */
import { DEFAULT_COORDINATES } from '../shop-config.js';

export interface MapPin {
  latitude: number | null;
  longitude: number | null;
}

export const NO_PIN: Readonly<MapPin> = Object.freeze({ latitude: null, longitude: null });

/** The pin to store or show: none when a half is missing or it is the form's default pair (events before this rule included). */
export function mapPin(latitude: number | null | undefined, longitude: number | null | undefined): MapPin {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return { ...NO_PIN };
  if (latitude === DEFAULT_COORDINATES.latitude && longitude === DEFAULT_COORDINATES.longitude) return { ...NO_PIN };
  return { latitude, longitude };
}
