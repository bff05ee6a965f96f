import { comparePositions } from '#event-store/event-store.port.js';
import type { ReplayProgress } from './replay-log.js';

/** One line of progress for stderr, redrawn in place (\r): how far towards the replay's end, and events applied. */
export function progressBar(p: ReplayProgress, width = 30): string {
  const done = comparePositions(p.position, p.total) >= 0 ? 1 : Math.min(1, Math.max(0, Number(p.position.prepare) / (Number(p.total.prepare) || 1)));
  const filled = Math.round(done * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(done * 100).toFixed(1).padStart(5)}%  ${p.events} events`;
}
