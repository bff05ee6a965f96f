import { useEffect } from 'react';

let pending: (() => Promise<void>) | undefined;

/** The input held since the entry ran (early-input.ts), given to the app by ReplayEarlyInput. */
export function setEarlyInputReplay(replay: () => Promise<void>): void {
  pending = replay;
}

/**
 * Rendered last inside the page's Suspense boundary (store-layout.tsx): React hydrates that
 * boundary after the rest of the page, and its effects run after every component's in it, whose
 * mount effects may reset a page's state (e.g. the poster page's size on a new id). Only then is
 * the held input given to the app, once.
 */
export function ReplayEarlyInput() {
  useEffect(() => {
    performance.mark('app-hydrated');
    const replay = pending;
    pending = undefined;
    void replay?.();
  }, []);
  return null;
}
