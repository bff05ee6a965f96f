// Node-side suites (libs, services, bench). Jest runs in ESM mode because Nest 12 is ESM-only;
// @swc/jest strips types and keeps decorator metadata, ~3x faster than a type-checking transform.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^#(domain|event-store|read-models|platform)/(.*)\\.js$': '<rootDir>/libs/$1/src/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/bench'],
  // Vendure, the peer of bench:api, with its own node_modules: never crawled for modules or tests.
  modulePathIgnorePatterns: ['<rootDir>/bench/vendure/'],
  testMatch: ['**/*.spec.ts'],
  globalSetup: '<rootDir>/libs/platform/testing/global-setup.mjs',
  globalTeardown: '<rootDir>/libs/platform/testing/global-teardown.mjs',
  testTimeout: 60000,
  maxWorkers: 2,
};
