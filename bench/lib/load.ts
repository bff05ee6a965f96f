/**
 * Load through autocannon: each connection repeats a flow (one request, or several that carry
 * values from one to the next, such as a cart id or a session token) for a fixed time. Counts
 * the flows that succeeded end to end, times each whole flow (from building its first request to
 * the answer of its last), and reads the CPU of the processes named in `cpu` before and after.
 */
import { performance } from 'node:perf_hooks';
// autocannon ships no types; the little of it used here:
// @ts-expect-error no declaration file
import autocannonUntyped from 'autocannon';
import { percentile, round } from './stats.js';

type Flow = Record<string, unknown>;

export interface Step {
  method?: 'GET' | 'POST';
  path: string;
  /** Headers and body of this step, from what the flow's earlier answers recorded. */
  build?: (flow: Flow) => { headers?: Record<string, string>; body?: string };
  /** Reads the answer (2xx only): false fails the flow; may record values for later steps. */
  check?: (body: string, headers: Record<string, string>, flow: Flow) => boolean;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSec: number;
  steps: Step[];
  /**
   * CPU milliseconds used so far by each named process group (undefined when unreadable). The load
   * generator's own is added as `loadGenerator`: it shares the machine with the servers.
   */
  cpu: Record<string, () => number | undefined>;
}

export interface LoadResult {
  /** HTTP requests answered per second (any status). */
  reqPerSec: number;
  /**
   * Flows per second: the requests answered with a 2xx that passed its check, divided by the steps
   * of a flow. In steady state that is the rate flows complete at, and unlike counting finished
   * flows it loses nothing to the flows the end of the run cuts off (a slow server's take seconds).
   */
  flowsPerSec: number;
  /** Whole-flow latency of the successful flows, ms (the request latency for one-step flows). */
  p50: number | null;
  p99: number | null;
  /** Per-request latency, ms. */
  requestP50: number;
  requestP99: number;
  requests: number;
  /** Whole flows that finished inside the run (the latencies above). */
  flows: number;
  /** Transport errors, non-2xx answers and flows whose answer failed its check. */
  errors: number;
  connections: number;
  durationSec: number;
  /** CPU ms per request and per successful flow for each entry of `cpu`. */
  cpuMsPerReq: Record<string, number | undefined>;
  cpuMsPerFlow: Record<string, number | undefined>;
}

interface AcRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: Flow) => AcRequest;
  onResponse?: (status: number, body: string, context: Flow, headers: Record<string, string>) => void;
}
interface AcResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  connections: number;
  duration: number;
}
const autocannon = autocannonUntyped as (
  opts: { url: string; connections: number; duration: number; requests: AcRequest[] },
  cb: (err: Error | null, result: AcResult) => void,
) => void;

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const flowTimes: number[] = [];
  let failedChecks = 0;
  let passedSteps = 0;
  const last = o.steps.length - 1;
  // A one-step flow without a check needs no per-response hook: autocannon then skips buffering bodies.
  const timed = o.steps.length > 1 || o.steps.some((s) => s.check);
  const requests: AcRequest[] = o.steps.map((step, i) => ({
    method: step.method ?? 'GET',
    path: step.path,
    setupRequest: (req, flow) => {
      if (i === 0) {
        flow.startedAt = performance.now();
        flow.ok = true;
      }
      const built = step.build?.(flow) ?? {};
      return { ...req, headers: { ...(built.body !== undefined ? { 'content-type': 'application/json' } : {}), ...built.headers }, body: built.body };
    },
    ...(timed
      ? {
          onResponse: (status: number, body: string, flow: Flow, headers: Record<string, string>) => {
            if (flow.ok && !(status >= 200 && status < 300 && (step.check?.(body, headers, flow) ?? true))) {
              flow.ok = false;
              if (status >= 200 && status < 300) failedChecks++;
              passedSteps -= i; // the earlier steps of a failed flow were no progress
            }
            if (flow.ok) passedSteps++;
            if (i === last && flow.ok) flowTimes.push(performance.now() - (flow.startedAt as number));
          },
        }
      : {}),
  }));

  const cpu = { ...o.cpu, loadGenerator: ownCpuMs };
  const before = Object.fromEntries(Object.entries(cpu).map(([name, read]) => [name, read()]));
  const r = await new Promise<AcResult>((resolve, reject) =>
    autocannon({ url: o.url, connections: o.connections, duration: o.durationSec, requests }, (err, res) => (err ? reject(err) : resolve(res))),
  );
  const cpuMs = Object.fromEntries(
    Object.entries(cpu).map(([name, read]) => {
      const [a, b] = [before[name], read()];
      return [name, a === undefined || b === undefined ? undefined : b - a];
    }),
  );

  const flows = timed ? flowTimes.length : r.requests.total - r.non2xx;
  const flowsDone = timed ? passedSteps / o.steps.length : flows;
  flowTimes.sort((a, b) => a - b);
  const per = (total: number) => Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, ms === undefined || total === 0 ? undefined : round(ms / total, 3)]));
  return {
    reqPerSec: Math.round(r.requests.total / r.duration),
    flowsPerSec: round(flowsDone / r.duration, 1),
    p50: timed ? roundOrNull(percentile(flowTimes, 50)) : r.latency.p50,
    p99: timed ? roundOrNull(percentile(flowTimes, 99)) : r.latency.p99,
    requestP50: r.latency.p50,
    requestP99: r.latency.p99,
    requests: r.requests.total,
    flows,
    errors: r.errors + r.non2xx + failedChecks,
    connections: r.connections,
    durationSec: round(r.duration, 1),
    cpuMsPerReq: per(r.requests.total),
    cpuMsPerFlow: per(flowsDone),
  };
}

function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const roundOrNull = (v: number | null) => (v === null ? null : round(v, 1));
