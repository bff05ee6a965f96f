/**
 * Cash-on-delivery risk per phone: a refused parcel costs two shipping legs, so orders from a
 * number that refused before are worth a call first. The counts come from the cod-outcomes
 * projection; the thresholds from configuration (COD_RISK_MIN_REFUSED, COD_RISK_MIN_REFUSED_RATE).
 */
import { normaliseEgyptianPhone } from '../checkout/egyptian-phone.js';

export interface PhoneRiskCounts {
  orders: number;
  delivered: number;
  refused: number;
  canceled: number;
}

export interface CodRiskThresholds {
  /** At least this many refusals… */
  minRefused: number;
  /** …making at least this share (0-1) of the phone's orders. */
  minRefusedRate: number;
}

export const DEFAULT_COD_RISK_THRESHOLDS: CodRiskThresholds = { minRefused: 1, minRefusedRate: 0.3 };

export function isRiskyPhone(counts: PhoneRiskCounts, t: CodRiskThresholds): boolean {
  return counts.refused >= t.minRefused && counts.refused >= t.minRefusedRate * counts.orders;
}

/** Longest key a phone that is no Egyptian mobile number keeps (a btree entry has a size limit; the log is read for ever). */
const RAW_KEY_LENGTH = 200;

/**
 * One key per number however it was typed (+20, 0020, spaces, Arabic-Indic digits): 01XXXXXXXXX.
 * Checkout stores numbers normalised; anything else an old event carries is kept as given.
 */
export function phoneKey(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : String(raw ?? '');
  return normaliseEgyptianPhone(text) ?? text.trim().slice(0, RAW_KEY_LENGTH);
}
