/**
 * One JSON line of `npm run bench:scale`: a figure measured at both sizes, its ratio large / small,
 * and whether it met each of its targets (the issue's: a latency grows at most 1.5× from the small
 * size to the large one; a list answers its p99 under 100 ms at the large size; rates and memory
 * have floors and ceilings of their own).
 */
export interface SizeValue {
  orders: number;
  /** The figure's value at this size (a latency figure's p99), null when it could not be measured. */
  value: number | null;
  /** Anything else worth reading beside it (p50, rows, seconds, errors). */
  [detail: string]: unknown;
}

export type Target =
  | { kind: 'maxRatio'; max: number }
  | { kind: 'maxLarge'; max: number }
  | { kind: 'minLarge'; min: number };

export interface ScaleLine {
  bench: 'scale';
  figure: string;
  unit: string;
  small: SizeValue;
  large: SizeValue;
  ratio: number | null;
  targets: Array<{ target: string; met: boolean }>;
  met: boolean;
}

/** Latencies: at most 1.5× from small to large. */
export const LATENCY_RATIO: Target = { kind: 'maxRatio', max: 1.5 };
/** Admin lists and the dashboard: p99 within 100 ms at the large size. */
export const LIST_P99: Target = { kind: 'maxLarge', max: 100 };

function describe(t: Target, unit: string): string {
  if (t.kind === 'maxRatio') return `ratio <= ${t.max}`;
  if (t.kind === 'maxLarge') return `large <= ${t.max} ${unit}`;
  return `large >= ${t.min} ${unit}`;
}

function met(t: Target, large: number | null, ratio: number | null): boolean {
  if (t.kind === 'maxRatio') return ratio !== null && ratio <= t.max;
  if (large === null) return false;
  return t.kind === 'maxLarge' ? large <= t.max : large >= t.min;
}

export function scaleLine(figure: string, unit: string, small: SizeValue, large: SizeValue, targets: readonly Target[]): ScaleLine {
  const ratio = small.value !== null && large.value !== null && small.value > 0 ? Math.round((large.value / small.value) * 100) / 100 : null;
  const checked = targets.map((t) => ({ target: describe(t, unit), met: met(t, large.value, ratio) }));
  return { bench: 'scale', figure, unit, small, large, ratio, targets: checked, met: checked.every((c) => c.met) };
}
