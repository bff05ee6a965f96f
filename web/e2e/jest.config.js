// Browser tests: Debian Chromium (playwright-core) against the real stack, started once by the
// global setup with `node libs/platform/bin/start.mjs` on a fresh data directory.
// Plain .mjs specs: no transform. Run: NODE_OPTIONS=--experimental-vm-modules npx jest --config web/e2e/jest.config.js --runInBand
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  rootDir: path.resolve(here, '../..'),
  roots: ['<rootDir>/web/e2e'],
  testMatch: ['<rootDir>/web/e2e/**/*.e2e.spec.mjs'],
  moduleFileExtensions: ['mjs', 'js', 'json'],
  transform: {},
  testEnvironment: 'node',
  globalSetup: '<rootDir>/web/e2e/global-setup.mjs',
  globalTeardown: '<rootDir>/web/e2e/global-teardown.mjs',
  testTimeout: 120_000,
  maxWorkers: 1,
};
