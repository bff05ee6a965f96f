// The storefront rendered on the server (built by `vite build --ssr` into web/dist/server and
// imported by the API: services/api/src/web/storefront-renderer.ts). One call per page request.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createRoutes } from './app/router';
import { prefetchPage } from './app/server-prefetch';
import { makeStore } from './app/store';
import { uiReducer } from './app/ui-slice';
import { api, setServerApiOrigin } from './lib/api';
import { loadArabic } from './lib/i18n';
import { Toaster } from './lib/toast';
import { headHtml, scriptJson } from './seo/head-html';
import { routerBasename, splitLocale } from './seo/locale-path';
import { buildPageHead } from './seo/page-head';
import { pageKindOf } from './seo/page-kind';
import type { ServerState } from './app/server-state';
import type { RenderRequest, RenderResult } from './render-contract';

export type { RenderRequest, RenderResult };

export async function render(req: RenderRequest): Promise<RenderResult> {
  setServerApiOrigin(req.apiOrigin);
  const url = new URL(req.url, req.publicOrigin);
  const { locale, path } = splitLocale(url.pathname);
  if (locale === 'ar') await loadArabic();

  const handler = createStaticHandler(createRoutes(), { basename: routerBasename(locale) });
  const context = await handler.query(new Request(url.href, { signal: req.signal }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  const matches = context.matches.map((m) => m.route);
  const page = pageKindOf(matches);
  const params = context.matches.at(-1)?.params ?? {};
  const store = makeStore({ ui: { ...uiReducer(undefined, { type: 'init' }), locale } });
  const found = await prefetchPage(store, { page, params, search: url.searchParams });

  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <Provider store={store}>
        {/* hydrate={false}: the router's data travels in our JSON block (the CSP forbids inline scripts). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Toaster />
      </Provider>
    </StrictMode>,
  );

  const snapshot = store.getState();
  const head = buildPageHead({ page, locale, origin: req.publicOrigin, path, search: url.search, params, state: snapshot });
  const state: ServerState = {
    store: { ui: snapshot.ui, [api.reducerPath]: { ...snapshot[api.reducerPath], subscriptions: {}, mutations: {} } },
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  // Clears the cache's removal timers: this store's life ends with the request.
  store.dispatch(api.util.resetApiState());
  const status = context.statusCode !== 200 ? context.statusCode : page === 'notFound' || !found ? 404 : 200;
  return {
    kind: 'page',
    status,
    lang: locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    head: headHtml(head),
    body,
    state: scriptJson(state),
  };
}
