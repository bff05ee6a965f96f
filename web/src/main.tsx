import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { makeStore } from './app/store';
import { createAppRouter, createRoutes } from './app/router';
import { readServerState } from './app/server-state';
import { setLocale } from './app/ui-slice';
import { Toaster } from './lib/toast';
import { LocaleSync } from './app/locale-sync';
import { loadArabic } from './lib/i18n';
import { routerBasename, splitLocale } from './seo/locale-path';
import { holdEarlyInput, ReplayEarlyInput } from './app/early-input';
import { largestImagePainted } from './app/largest-image-painted';
import './index.css';

// A storefront page arrives rendered by the server (src/entry-server.tsx) with the data it was
// rendered from: the client starts from the same store and router state and hydrates, fetching
// nothing again. The admin (and any page the server did not render) is rendered here alone.
const serverState = readServerState();
const store = makeStore(serverState?.store);
const { locale: urlLocale } = splitLocale(window.location.pathname);
// Arabic URLs are Arabic, whatever the last visit chose.
if (urlLocale === 'ar' && store.getState().ui.locale !== 'ar') store.dispatch(setLocale('ar'));
const basename = routerBasename(urlLocale);
const routes = createRoutes();
const rootElement = document.getElementById('root')!;
// The server's page is on screen already: what the shopper does before hydration is replayed after it.
const replayEarlyInput = serverState ? holdEarlyInput(rootElement) : undefined;

/** The matched pages' lazy chunks, loaded before hydrating: otherwise the first render would be the spinner, not the server's HTML. */
async function loadMatchedPages(list: RouteObject[]): Promise<void> {
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

// An Arabic visitor gets the Arabic texts in the first paint, not English then Arabic.
// (A promise, not a top-level await: that would make the bundler split the entry apart.)
const ready = Promise.all([
  store.getState().ui.locale === 'ar' ? loadArabic().catch(() => undefined) : undefined,
  serverState ? loadMatchedPages(routes) : undefined,
  serverState ? largestImagePainted() : undefined,
]);

void ready.then(() => {
  const router = createAppRouter(routes, { basename, hydrationData: serverState?.router });
  const app = (
    <StrictMode>
      <Provider store={store}>
        <LocaleSync />
        <RouterProvider router={router} />
        <Toaster />
        {replayEarlyInput && <ReplayEarlyInput replay={replayEarlyInput} />}
      </Provider>
    </StrictMode>
  );
  if (serverState) hydrateRoot(rootElement, app);
  else createRoot(rootElement).render(app);
});
