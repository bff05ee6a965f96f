import type { ComponentType } from 'react';

const RELOAD_FLAG = 'chunk-reload-at';

/**
 * A route's lazy page. After a deploy the old index.html may ask for chunks that no longer
 * exist: reload once (not in a loop) to pick up the new build instead of showing an error.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return async () => {
    // On the server (src/entry-server.tsx) a chunk is a local module: nothing to reload.
    if (typeof window === 'undefined') return { Component: pick(await load()) };
    try {
      const m = await load();
      sessionStorage.removeItem(RELOAD_FLAG);
      return { Component: pick(m) };
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0);
      if (Date.now() - last > 30_000) {
        sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
        window.location.reload();
        await new Promise(() => {}); // the reload replaces this page
      }
      throw error;
    }
  };
}
