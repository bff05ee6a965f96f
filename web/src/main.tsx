import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';
import { Toaster } from './lib/toast';
import { LocaleSync } from './app/locale-sync';
import { loadArabic } from './lib/i18n';
import './index.css';

const store = makeStore();
const router = createAppRouter();

// An Arabic visitor gets the Arabic texts in the first paint, not English then Arabic.
// (A promise, not a top-level await: that would make the bundler split the entry apart.)
const ready = store.getState().ui.locale === 'ar' ? loadArabic().catch(() => undefined) : Promise.resolve();

void ready.then(() => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <LocaleSync />
      <RouterProvider router={router} />
      <Toaster />
    </Provider>
  </StrictMode>,
));
