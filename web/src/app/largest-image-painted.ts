/** Resolves once the browser has reported the page's first contentful paint (a task later), or after `capMs`. */
function firstContentfulPaint(capMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      observer?.disconnect();
      setTimeout(resolve, 0);
    };
    let observer: PerformanceObserver | undefined;
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the next frame's paint stands in for it.
      requestAnimationFrame(() => done());
    }
    setTimeout(done, capMs);
  });
}

/**
 * Resolves once the page's first contentful paint is reported and its largest image (the one the
 * server marked `fetchpriority="high"`, if any) is on screen, or after `capMs` whatever happens.
 * The entry (src/main.tsx) loads the app only then: the app's JavaScript would share the phone's
 * slow link with the page and its image, and hydrating is one long task on its CPU, during which an
 * image that arrives waits to be painted. Taps made meanwhile are held and replayed (early-input.ts).
 */
export function largestImagePainted(capMs = 1500): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const loaded =
    !img || img.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        });
  const painted = loaded.then(() => firstContentfulPaint(capMs)).then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
