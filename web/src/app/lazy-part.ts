import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

const preloads: Array<() => Promise<unknown> | undefined> = [];

/**
 * A part of the page (footer, popup, drawer) in a chunk of its own, for a Suspense boundary. In
 * the browser a server-rendered part stays as the server's HTML, not yet hydrated, until its chunk
 * arrives (React's selective hydration), so the rest of the page hydrates without waiting for it.
 * On the server every part is loaded once before the first page (preloadLazyParts), and from then
 * on renders in the same pass as the page: once its module is loaded, the factory answers with a
 * thenable that resolves at once, which React.lazy takes without suspending.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: Module<P> | undefined;
  const preload = () => load().then((component) => (loaded = { default: component }));
  preloads.push(() => (loaded ? undefined : preload()));
  return lazy(() => (loaded ? ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : preload()));
}

/** Loads the module of every lazy part declared so far and not loaded yet (the server renderer, before rendering a page). */
export function preloadLazyParts(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}
