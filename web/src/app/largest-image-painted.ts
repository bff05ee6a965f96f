/** Resolves in a task after the next frame's paint. */
function afterNextPaint(): Promise<void> {
  // A task queued from requestAnimationFrame runs after that frame's paint.
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves once the page's largest image (the one the server marked `fetchpriority="high"`) is on
 * screen, or after `capMs` whatever happens to it; on a page without one, once its first frame is
 * painted. The entry (src/main.tsx) loads the app only then: the app's JavaScript would share the
 * phone's slow link with that image, and hydrating is one long task on its CPU, during which an
 * image that arrives waits to be painted. Taps made meanwhile are held and replayed (early-input.ts).
 */
export function largestImagePainted(capMs = 1500): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img) return afterNextPaint();
  const loaded = img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      });
  return Promise.race([loaded.then(afterNextPaint), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
