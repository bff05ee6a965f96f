import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { Toaster } from '../../lib/toast';

/** An admin component with the real store (and the real api slice) inside a router, plus the toaster. */
export function renderAdmin(ui: ReactElement, { route = '/admin' }: { route?: string } = {}) {
  const store = makeStore();
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </Provider>,
  );
  return { store, ...utils };
}
