import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';
import { Toaster } from './lib/toast';
import { LocaleSync } from './app/locale-sync';
import './index.css';

const store = makeStore();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <LocaleSync />
      <RouterProvider router={router} />
      <Toaster />
    </Provider>
  </StrictMode>,
);
