import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { retryTiming } from '../lib/api';

retryTiming.scale = 0;
// Route pages are lazy chunks: on a busy machine the first import takes longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
// jsdom has no scrolling; ScrollRestoration and page changes call it.
window.scrollTo = () => {};
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
