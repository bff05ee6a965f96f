import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/jsdom-on-node.ts', 'src/test/setup.ts'],
    include: ['src/**/*.test.tsx'],
    css: false,
    testTimeout: 15000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
