/**
 * `npm run bench:abuse`: replays each volume attack on real processes (the shop as `npm start`
 * runs it, or the servers a case starts itself) with a fixed seed and a bounded time, and prints
 * one JSON line per bound: {"bench":"abuse","case":…,"bound":…,"figure":…,"unit":…,"limit":…,"held":…}.
 * Every case is a module `bench/abuse/*.case.ts` exporting `abuseCase`; they run one after the
 * other, each against its own throwaway shop, so one case's flood never colours another's figures.
 * BENCH_ABUSE_ONLY=name,name runs only those cases. The exit code is 1 when any bound did not hold.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AbuseCase, AbuseLine } from './abuse/abuse-case.js';

const log = (msg: string) => process.stderr.write(`[bench:abuse] ${msg}\n`);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'abuse');
const only = (process.env.BENCH_ABUSE_ONLY ?? '').split(',').filter(Boolean);

const files = readdirSync(dir).filter((f) => f.endsWith('.case.js')).sort();
let failed = false;
for (const file of files) {
  const { abuseCase } = (await import(pathToFileURL(path.join(dir, file)).href)) as { abuseCase: AbuseCase };
  if (only.length && !only.includes(abuseCase.name)) continue;
  log(`${abuseCase.name}: ${abuseCase.describe}`);
  const started = Date.now();
  let lines: AbuseLine[];
  try {
    lines = await abuseCase.run(log);
  } catch (err) {
    lines = [{ bound: 'ran to the end', figure: 0, unit: 'error', limit: 'no error', held: false, detail: String(err) }];
  }
  for (const line of lines) {
    if (!line.held) failed = true;
    process.stdout.write(`${JSON.stringify({ bench: 'abuse', case: abuseCase.name, ...line })}\n`);
  }
  log(`${abuseCase.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
