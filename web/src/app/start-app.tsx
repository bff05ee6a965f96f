// The app, loaded by the entry (src/main.tsx) once the page's first paint is done. A storefront page
// arrives rendered by the server (src/entry-server.tsx) with the data it was rendered from: the
// client starts from the same store and router state and hydrates, fetching nothing again. The
// admin (and any page the server did not render) is rendered here alone.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { makeStore } from './store';
import { createAppRouter, createRoutes } from './router';
import { readServerState } from './server-state';
import { setLocale } from './ui-slice';
import { Toaster } from '../lib/toast';
import { LocaleSync } from './locale-sync';
import { loadMessages } from '../lib/i18n';
import { routerBasename, splitLocale } from '../seo/locale-path';
import { setEarlyInputReplay } from './replay-early-input';
import { reportRecoverableError } from './recoverable-errors';
import { yieldToBrowser } from './yield-to-browser';

/** The matched pages' lazy chunks, loaded before hydrating: otherwise the first render would be the spinner, not the server's HTML. */
async function loadMatchedPages(list: RouteObject[], basename: string | undefined): Promise<void> {
  const matches = matchRoutes(list, window.location, basename) ?? [];
  await Promise.all(
    matches
      .filter((m) => typeof m.route.lazy === 'function')
      .map(async (m) => {
        const loaded = await (m.route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(m.route, { ...loaded, lazy: undefined });
      }),
  );
}

export async function startApp(rootElement: HTMLElement, replayEarlyInput?: () => Promise<void>): Promise<void> {
  const serverState = readServerState();
  const store = makeStore(serverState?.store);
  const { locale: urlLocale } = splitLocale(window.location.pathname);
  // Arabic URLs are Arabic, whatever the last visit chose.
  if (urlLocale === 'ar' && store.getState().ui.locale !== 'ar') store.dispatch(setLocale('ar'));
  const basename = routerBasename(urlLocale);
  const routes = createRoutes();
  // The shown language's texts, and only those, before the first render.
  await Promise.all([
    loadMessages(store.getState().ui.locale).catch(() => undefined),
    serverState ? loadMatchedPages(routes, basename) : undefined,
  ]);
  await yieldToBrowser();
  if (replayEarlyInput) setEarlyInputReplay(replayEarlyInput);
  const router = createAppRouter(routes, { basename, hydrationData: serverState?.router });
  const app = (
    <StrictMode>
      <Provider store={store}>
        <LocaleSync />
        <RouterProvider router={router} />
        <Toaster />
      </Provider>
    </StrictMode>
  );
  // In a transition, hydration is rendered in slices that yield to the browser between them (a
  // plain hydrateRoot renders the whole page in one task: on a phone, a long one); a tap on a
  // part not yet hydrated makes React hydrate that part first.
  if (serverState) startTransition(() => void hydrateRoot(rootElement, app, { onRecoverableError: reportRecoverableError }));
  else createRoot(rootElement).render(app);
}
