// `npm test`: every suite, on real servers. Node suites (jest, ESM mode), web component tests
// (vitest, Vite's own runner, sharing its config), then browser tests against the started stack.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const extra = process.argv.slice(2);
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
let failed = false;
const run = (label, cmd, args) => {
  console.log(`\n[test] ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) { failed = true; console.error(`[test] ${label}: FAILED (exit ${r.status})`); }
};

run('type check (server)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
if (existsSync('web/tsconfig.json')) run('type check (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']);
// The web's client is generated from the API's OpenAPI document; both are committed.
run('generated client is current', process.execPath, ['dist/services/api/src/openapi/write-openapi.js', '--check']);
run('node suites (jest)', 'npx', ['jest', '--config', 'jest.config.js', ...extra]);
if (existsSync('web/vitest.config.ts')) run('web component tests (vitest)', 'npx', ['vitest', 'run', '--config', 'web/vitest.config.ts']);
if (existsSync('web/e2e/jest.config.js')) run('browser tests (Chromium)', 'npx', ['jest', '--config', 'web/e2e/jest.config.js', '--runInBand']);
process.exit(failed ? 1 : 0);
