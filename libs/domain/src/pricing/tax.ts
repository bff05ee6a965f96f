/** VAT is included in every price; it is reported, never added. */
import { mulDivHalfUp, type Piastres } from '../shared/money.js';

/** The VAT part of a tax-inclusive amount: amount × rate / (100 + rate), half-up. */
export function includedTax(amount: Piastres, ratePercent: number): Piastres {
  if (amount <= 0 || ratePercent <= 0) return 0;
  return mulDivHalfUp(amount, ratePercent, 100 + ratePercent);
}
