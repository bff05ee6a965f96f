import type { ReplayProgress } from './replay-log.js';

/** One line of progress for stderr, redrawn in place (\r): how far into the log, and events applied. */
export function progressBar(p: ReplayProgress, width = 30): string {
  const total = Number(p.head.prepare) || 1;
  const done = Math.min(1, Math.max(0, Number(p.position.prepare) / total));
  const filled = Math.round(done * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(done * 100).toFixed(1).padStart(5)}%  ${p.events} events`;
}
