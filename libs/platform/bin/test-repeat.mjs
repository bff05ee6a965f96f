// `npm run test:repeat -- N [jest args…]`: the Node suites (the jest part of `npm test`) N times
// in a row, stopping at the first red run, to flush out flaky tests. Each run starts its own
// servers in jest's global setup, as `npm test` does, so runs share nothing but the build.
import { spawnSync } from 'node:child_process';

const [countArg, ...extra] = process.argv.slice(2);
const runs = countArg === undefined ? 5 : Number(countArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`[test:repeat] usage: npm run test:repeat -- <runs ≥ 1> [jest args…] (got ${countArg})`);
  process.exit(2);
}
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };

for (let run = 1; run <= runs; run++) {
  console.log(`\n[test:repeat] run ${run} of ${runs}`);
  const started = Date.now();
  const r = spawnSync('npx', ['jest', '--config', 'jest.config.js', ...extra], { stdio: 'inherit', env });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (r.status !== 0) {
    console.error(`\n[test:repeat] run ${run} failed (exit ${r.status ?? r.signal}, ${seconds} s); ${run - 1} of ${runs} runs green before it`);
    console.log(`run ${run} failed`);
    process.exit(1);
  }
  console.log(`[test:repeat] run ${run} green (${seconds} s)`);
}
console.log(`\n${runs} of ${runs} runs green`);
