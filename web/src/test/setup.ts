import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { retryTiming } from '../lib/api';

retryTiming.scale = 0;
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
