import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { retryTiming } from '../lib/api';

retryTiming.scale = 0;
// jsdom has no scrolling; ScrollRestoration and page changes call it.
window.scrollTo = () => {};
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
