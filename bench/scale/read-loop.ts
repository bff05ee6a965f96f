/**
 * A few clients reading one admin URL back to back until told to stop, timing every answer: the
 * load of the rebuild figure, whose length is the rebuild's and not known in advance (autocannon
 * runs for a fixed time). The same loop measures before and during, so the two p99s compare.
 */
import { percentile, round } from '../lib/stats.js';

export interface ReadLoopResult {
  requests: number;
  errors: number;
  p50: number | null;
  p99: number | null;
  seconds: number;
}

export async function readLoop(o: { url: string; token: string; clients: number; until: () => boolean }): Promise<ReadLoopResult> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const client = async () => {
    while (!o.until()) {
      const t = performance.now();
      try {
        const res = await fetch(o.url, { headers: { authorization: `Bearer ${o.token}` } });
        await res.arrayBuffer();
        if (res.ok) times.push(performance.now() - t);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: o.clients }, client));
  times.sort((a, b) => a - b);
  const p = (q: number) => {
    const v = percentile(times, q);
    return v === null ? null : round(v, 1);
  };
  return { requests: times.length + errors, errors, p50: p(50), p99: p(99), seconds: round((performance.now() - started) / 1000, 1) };
}
