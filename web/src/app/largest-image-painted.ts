/**
 * Resolves once the page's largest image (the one the server marked `fetchpriority="high"`) is on
 * screen, or after `capMs` whatever happens to it. Hydrating is one long task on a phone's CPU: an
 * image that arrives during it waits for it to end before it is painted, so the shop page showed
 * its first poster only after the app had started. Waiting for that one paint costs nothing when
 * the image is already there (it is usually smaller than the scripts, and preloaded), and taps
 * made meanwhile are held and replayed (early-input.tsx).
 */
export function largestImagePainted(capMs = 1500): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img) return Promise.resolve();
  const loaded = img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      });
  // One frame after it loaded: a task queued from requestAnimationFrame runs after that frame's paint.
  const painted = loaded.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
