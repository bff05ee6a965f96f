/**
 * DiscountCreated and DiscountChanged schema 1 → 2. Schema 1 discounts had no window: they were
 * in force whenever active, which is what an open window (both ends null) says.
 */
import type { DiscountChanged, DiscountCreated } from './events.js';

export type DiscountCreatedDataV1 = Omit<DiscountCreated['data'], 'startsOn' | 'endsOn'>;
export type DiscountChangedDataV1 = Omit<DiscountChanged['data'], 'startsOn' | 'endsOn'>;

export function upcastDiscountV1<D extends DiscountCreatedDataV1 | DiscountChangedDataV1>(data: D): D & { startsOn: string | null; endsOn: string | null } {
  if (typeof data !== 'object' || data === null) return data;
  // A writer that stamped schema 1 on data with a window (a test kit, a benchmark) is believed about the window.
  const dated = data as Partial<DiscountCreated['data']>;
  return { ...data, startsOn: dated.startsOn ?? null, endsOn: dated.endsOn ?? null };
}
