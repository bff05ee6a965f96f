// The storefront rendered on the server (built by `vite build --ssr` into web/dist/server and
// imported by the API: services/api/src/web/storefront-renderer.ts). One call per page request.
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createRoutes } from './app/router';
import { prefetchPage } from './app/server-prefetch';
import { makeStore } from './app/store';
import { uiReducer } from './app/ui-slice';
import { api, setServerApiOrigin } from './lib/api';
import { loadMessages } from './lib/i18n';
import { Toaster } from './lib/toast';
import { headHtml, scriptJson } from './seo/head-html';
import { routerBasename, splitLocale } from './seo/locale-path';
import { buildPageHead } from './seo/page-head';
import { pageKindOf } from './seo/page-kind';
import type { ServerState } from './app/server-state';
import { preloadLazyParts } from './app/lazy-part';
import { fontPreloadHtml } from './app/web-fonts';
import type { RenderedBody, RenderRequest, RenderResult } from './render-contract';

export type { RenderRequest, RenderResult };

/**
 * The page streamed by React, handed over once all of it is rendered. The page's data is fetched
 * before rendering and its lazy parts are loaded, so nothing suspends; and no boundary is sent
 * apart from its place, however large (React outlines boundaries past `progressiveChunkSize` by
 * default). Every Suspense boundary thus arrives complete and in place: React needs no inline
 * script to move one in later, which the page's CSP (scripts from the origin only) would refuse.
 */
function renderBody(app: ReactNode, signal: AbortSignal | undefined): Promise<RenderedBody> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(app, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => resolve(stream),
      onShellError: reject,
    });
    signal?.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
  });
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  setServerApiOrigin(req.apiOrigin);
  const url = new URL(req.url, req.publicOrigin);
  const { locale, path } = splitLocale(url.pathname);
  await loadMessages(locale);

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

  await preloadLazyParts();
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = await renderBody(
    <StrictMode>
      <Provider store={store}>
        {/* hydrate={false}: the router's data travels in our JSON block (the CSP forbids inline scripts). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Toaster />
      </Provider>
    </StrictMode>,
    req.signal,
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
    head: `${fontPreloadHtml(locale)}\n    ${headHtml(head)}`,
    body,
    state: scriptJson(state),
  };
}
