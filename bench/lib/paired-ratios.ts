/**
 * Ratios of two sides measured in the same rounds (each round runs both back to back): round by
 * round, their median, and their geometric mean. Drift over a run moves both sides of a round, and
 * the order bias cancels out over alternating rounds, so these are steadier than a ratio of medians.
 */
import { round } from './stats.js';

export interface PairedRatios {
  roundRatios: number[];
  medianRatio: number | null;
  pairedRatio: number | null;
}

/** `values[i] / peerValues[i]` for each round both measured (a round missing either is left out). */
export function pairedRatios(values: ReadonlyArray<number | undefined>, peerValues: ReadonlyArray<number | undefined>): PairedRatios {
  const ratios: number[] = [];
  values.forEach((v, i) => {
    const peer = peerValues[i];
    if (v !== undefined && peer !== undefined && peer > 0 && v > 0) ratios.push(v / peer);
  });
  if (ratios.length === 0) return { roundRatios: [], medianRatio: null, pairedRatio: null };
  return {
    roundRatios: ratios.map((r) => round(r)),
    medianRatio: round(median(ratios)),
    pairedRatio: round(Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length)),
  };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
