/**
 * `npm run profile -- checkout`: CPU profiles of the API and the projector under bench:api's
 * checkout workload (bench:api --profile-dir: our checkout alone, profiled through its measured
 * rounds only), written to a directory it prints, then each summarised: its top 20 functions by
 * self time and the shares of Express, Nest, validation, sealing, pg, JSON and the rest
 * (bench/profile/cpu-profile-summary.ts). The .cpuprofile files open in Chrome DevTools
 * (Performance, "Load profile") or speedscope for the call tree.
 *
 * PROFILE_DIR chooses the directory (default .bench-data/profiles/<time>); BENCH_ROUNDS defaults
 * to 1 here; the other BENCH_* variables are bench:api's.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatSummary, summarise, type CpuProfile } from './cpu-profile-summary.js';

const WORKLOADS = ['checkout'] as const;

async function main(): Promise<void> {
  const workload = process.argv[2];
  if (!WORKLOADS.includes(workload as (typeof WORKLOADS)[number])) throw new Error(`usage: npm run profile -- ${WORKLOADS.join('|')}`);
  const dir = path.resolve(process.env.PROFILE_DIR ?? path.join('.bench-data', 'profiles', new Date().toISOString().replace(/[:.]/g, '-')));
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`[profile] ${workload}: profiles go to ${dir}\n`);
  const bench = spawn(process.execPath, ['dist/bench/api.bench.js', '--profile-dir', dir], {
    env: { ...process.env, BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => bench.once('exit', resolve));
  if (code !== 0) throw new Error(`bench:api --profile-dir exited with ${code}`);
  for (const name of ['api', 'projector']) {
    const file = path.join(dir, `${name}.cpuprofile`);
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    process.stdout.write(`\n${formatSummary(`${name} (${file})`, summarise(profile, 20))}\n`);
  }
  process.stdout.write(`\nprofiles: ${dir}\n`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
