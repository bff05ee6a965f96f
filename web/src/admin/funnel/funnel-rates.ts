import type { FunnelStagesView } from '../../api/generated-admin';

/** The funnel's steps in the order a shopper passes them. */
export const FUNNEL_STAGES: readonly { key: keyof FunnelStagesView; label: string }[] = [
  { key: 'cartsCreated', label: 'Carts created' },
  { key: 'linesAdded', label: 'Lines added' },
  { key: 'checkoutAttempted', label: 'Checkout attempted' },
  { key: 'ordersPlaced', label: 'Order placed' },
];

/** part / whole; null when there is no whole to convert from (no carts, no checkouts), never NaN or Infinity. */
export function conversion(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** 0.625 → '62.5%'; no rate → '—'. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

export interface FunnelStep {
  key: keyof FunnelStagesView;
  label: string;
  count: number;
  /** The step before and this step's count as a share of it; the first step has none. */
  previous: { label: string; rate: number | null } | null;
}

/** Each step with its conversion from the step before it. */
export function funnelSteps(stages: FunnelStagesView): FunnelStep[] {
  return FUNNEL_STAGES.map((s, i) => {
    const before = FUNNEL_STAGES[i - 1];
    return {
      key: s.key,
      label: s.label,
      count: stages[s.key],
      previous: before ? { label: before.label, rate: conversion(stages[s.key], stages[before.key]) } : null,
    };
  });
}

/** The whole funnel's conversion: orders placed per cart created. */
export function overallConversion(stages: FunnelStagesView): number | null {
  return conversion(stages.ordersPlaced, stages.cartsCreated);
}
