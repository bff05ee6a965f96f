/**
 * "Needs review": a phone whose parcels were refused at the door at least the owner's number of
 * times goes to review in the call queue instead of straight to a confirmation call. Read when
 * the queue is shown, from the live refusal counts (cod-outcomes), so an order waiting in the
 * queue moves to review as soon as the same person refuses another parcel.
 */
import type { OrderScreeningSettings } from './screening-settings.js';

export function needsReview(refused: number, settings: Pick<OrderScreeningSettings, 'reviewAfterRefusals'>): boolean {
  return settings.reviewAfterRefusals > 0 && refused >= settings.reviewAfterRefusals;
}
