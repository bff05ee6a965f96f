import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../app/store';
import { createRoutes } from '../app/router';
import { registerNavigate } from '../lib/navigation';
import { Toaster } from '../lib/toast';
import { LocaleSync } from '../app/locale-sync';

/** The real app (store, routes, toasts) at a URL; the network is msw's business. */
export function renderApp(url: string, state?: unknown) {
  const store = makeStore();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [{ pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }] });
  registerNavigate((to, opts) => void router.navigate(to, opts));
  const view = render(
    <Provider store={store}>
      <LocaleSync />
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...view, store, router };
}
