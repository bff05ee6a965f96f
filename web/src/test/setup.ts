import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { retryTiming } from '../lib/api';
import { loadMessages } from '../lib/i18n';

retryTiming.scale = 0;
// The app loads the shown language before its first render; the tests render English.
await loadMessages('en');
// Route pages are lazy chunks: on a busy machine the first import takes longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
// jsdom has no scrolling; ScrollRestoration and page changes call it.
window.scrollTo = () => {};
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
