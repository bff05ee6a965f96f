/**
 * Loaded into a profiled server with `node --import` (bench:api --profile-dir): PROFILE_SIGNAL
 * starts V8's sampling profiler through the inspector, the next one stops it and writes
 * CPU_PROFILE_DIR/CPU_PROFILE_NAME.cpuprofile. The bench thereby profiles the measured rounds
 * only, not start-up and seeding; and unlike `--cpu-prof` the profile does not depend on how the
 * process ends (Nest re-raises SIGTERM after its shutdown hooks, and a process killed by a signal
 * writes no --cpu-prof file).
 */
import { Session } from 'node:inspector';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROFILE_SIGNAL } from './profile-signal.js';

const dir = process.env.CPU_PROFILE_DIR;
const name = process.env.CPU_PROFILE_NAME ?? `process-${process.pid}`;

if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on(PROFILE_SIGNAL, () => {
    if (!running) {
      running = true;
      // 1 ms between samples: V8's default, fine-grained enough for per-request costs.
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 1000 }, () => session.post('Profiler.start')));
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return process.stderr.write(`[profile] ${name}: ${error.message}\n`);
      mkdirSync(dir, { recursive: true });
      // Written under a temporary name, then renamed: the bench waits for the final name to appear whole.
      const file = path.join(dir, `${name}.cpuprofile`);
      writeFileSync(`${file}.partial`, JSON.stringify(result.profile));
      renameSync(`${file}.partial`, file);
    });
  });
}
