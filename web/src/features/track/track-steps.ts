import type { TrackingStepView } from '../../api/generated-public';

/** The happy path a cash-on-delivery order walks; CANCELED and REFUSED (then RETURNED) end it early. */
export const HAPPY_PATH = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'] as const;
const ENDINGS = new Set(['CANCELED', 'REFUSED', 'RETURNED']);

export interface StepRow {
  status: string;
  /** When the order reached it; undefined for a step still ahead. */
  at?: string;
}

/**
 * The rows the page shows: every step reached (latest time if a status was reached twice), then
 * the happy-path steps after the furthest one reached (a step the shop skipped, such as a
 * confirmation call, is not shown as pending) — none once the order was canceled or refused.
 */
export function stepRows(timeline: TrackingStepView[]): StepRow[] {
  const reached = new Map<string, string>();
  for (const step of timeline) reached.set(step.status, step.at);
  const rows: StepRow[] = [...reached].map(([status, at]) => ({ status, at }));
  if (timeline.some((s) => ENDINGS.has(s.status))) return rows;
  const furthest = Math.max(...HAPPY_PATH.map((status, i) => (reached.has(status) ? i : -1)));
  for (const status of HAPPY_PATH.slice(furthest + 1)) rows.push({ status });
  return rows;
}
