/**
 * Ends the current task: what follows runs in a new one, so the browser can paint and handle input
 * in between. On a phone's CPU each piece of starting the app (evaluating React, evaluating the
 * app, hydrating) is long enough alone; run back to back they make one task that blocks taps.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
