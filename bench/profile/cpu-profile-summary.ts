/**
 * What a V8 CPU profile (.cpuprofile, as `node --cpu-prof` or the inspector's Profiler writes it)
 * says about where a server's time goes: its functions by self time, and the share of each part
 * of the stack (Express, Nest, validation, sealing, pg, JSON, ...), classified by each sample's
 * call frame: the file it is in, or for V8's built-ins (no file) its name. Pure: no I/O.
 */

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; hitCount?: number; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples?: number[];
  /** Microseconds since the previous sample, one per sample. */
  timeDeltas?: number[];
}

export const CATEGORIES = ['express', 'nest', 'validation', 'sealing', 'pg', 'json', 'logging', 'typeorm', 'app', 'node', 'gc', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Not work: the process waiting, or V8 not knowing (left out of the shares). */
const IDLE = new Set(['(idle)', '(program)', '(root)']);

/**
 * V8 gives JSON.parse and JSON.stringify no frame of their own: their time is the self time of
 * the function calling them. These are the callers that do nothing else: body-parser's JSON body
 * and Express's JSON answer. JSON work elsewhere (pg's json columns, the store's appends) stays
 * with its caller, so the JSON share is a floor.
 */
const JSON_CALLERS: ReadonlyArray<[RegExp, RegExp]> = [
  [/\/node_modules\/body-parser\/lib\/types\/json\.js$/, /^parse$/],
  [/\/node_modules\/express\/lib\/response\.js$/, /^(json|stringify)$/],
];

/** Node's native functions by part: socket writes and the microtask queue are Node's, crypto's natives are sealing's. */
const NATIVE: ReadonlyArray<[Category, RegExp]> = [
  ['json', /^(JSON\.)?(parse|stringify)$/],
  ['sealing', /^(Hash|Hmac|CipherBase|Decipher|initiv|init|update|final|digest|getAuthTag|setAuthTag|setAAD|randomFill|secureBuffer)$/],
  ['node', /^(writev|writeBuffer|write\w*String|readStart|readStop|runMicrotasks|getLibuvNow|\w+(Slice|Write))$/],
];

/** Packages by the part of the stack they belong to: the first match of a frame's file wins. */
const PACKAGES: ReadonlyArray<[Category, RegExp]> = [
  ['nest', /\/node_modules\/(@nestjs\/|rxjs\/|reflect-metadata\/)/],
  ['logging', /\/node_modules\/(pino|pino-http|pino-std-serializers|nestjs-pino|sonic-boom|thread-stream)\//],
  ['validation', /\/node_modules\/(class-validator|class-transformer|validator|libphonenumber-js)\//],
  ['express', /\/node_modules\/(express|router|body-parser|raw-body|finalhandler|type-is|content-type|accepts|negotiator|qs|on-finished|serve-static|send|cookie|cookie-parser|cookie-signature|depd|mime-types|mime-db|fresh|etag|parseurl|iconv-lite|statuses|http-errors|path-to-regexp|merge-descriptors|encodeurl|escape-html|vary|proxy-addr|forwarded|range-parser|content-disposition|media-typer|ee-first|unpipe|bytes)\//],
  ['pg', /\/node_modules\/(pg|pg-[a-z-]+|postgres-[a-z-]+|pgpass)\//],
  ['typeorm', /\/node_modules\/typeorm\//],
];

/** The part of the stack a frame belongs to; undefined for idle time. */
export function classify(frame: CallFrame): Category | undefined {
  const { url, functionName } = frame;
  if (IDLE.has(functionName)) return undefined;
  if (functionName === '(garbage collector)') return 'gc';
  if (url === '') {
    // Native functions carry no file: they are known by name.
    for (const [category, pattern] of NATIVE) if (pattern.test(functionName)) return category;
    return 'other';
  }
  if (JSON_CALLERS.some(([file, fn]) => file.test(url) && fn.test(functionName))) return 'json';
  for (const [category, pattern] of PACKAGES) if (pattern.test(url)) return category;
  // The product's own sealing (the cipher and its key store) and Node's crypto under it.
  if (/\/personal-data\/|^node:internal\/crypto\//.test(url)) return 'sealing';
  if (url.includes('/node_modules/')) return 'other';
  if (url.startsWith('node:')) return 'node';
  return 'app';
}

export interface FunctionTime {
  functionName: string;
  /** The file, from its package (node_modules/…) or the project (dist/…) on. */
  where: string;
  category: Category | undefined;
  selfMs: number;
  /** Of the profile's active (non-idle) time. */
  share: number;
}

export interface ProfileSummary {
  /** Wall time the profile covers, and the part of it the process was working. */
  totalMs: number;
  activeMs: number;
  top: FunctionTime[];
  shares: Record<Category, number>;
}

/** The profile's `top` functions by self time and each category's share of the active time. */
export function summarise(profile: CpuProfile, top = 20): ProfileSummary {
  const selfUs = selfTimes(profile);
  const byFunction = new Map<string, Omit<FunctionTime, 'share'>>();
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  let activeUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const category = classify(node.callFrame);
    if (category) {
      byCategory[category] += us;
      activeUs += us;
    }
    const where = shortFile(node.callFrame);
    const key = `${node.callFrame.functionName}\u0000${where}`;
    const entry = byFunction.get(key) ?? { functionName: node.callFrame.functionName || '(anonymous)', where, category, selfMs: 0 };
    entry.selfMs += us / 1000;
    byFunction.set(key, entry);
  }
  const ofActive = (us: number) => (activeUs > 0 ? us / activeUs : 0);
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    activeMs: activeUs / 1000,
    top: [...byFunction.values()]
      .filter((f) => f.category !== undefined)
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top)
      .map((f) => ({ ...f, share: ofActive(f.selfMs * 1000) })),
    shares: Object.fromEntries(CATEGORIES.map((c) => [c, ofActive(byCategory[c])])) as Record<Category, number>,
  };
}

/**
 * Self time per node, microseconds: each sample lasts until the next one (the last, the profile's
 * end), as DevTools counts it. A profile without samples falls back on hit counts at the mean interval.
 */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const out = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  if (samples && timeDeltas && samples.length === timeDeltas.length && samples.length > 0) {
    let at = profile.startTime;
    const times = timeDeltas.map((d) => (at += d));
    samples.forEach((id, i) => {
      const until = i + 1 < times.length ? times[i + 1] : profile.endTime;
      out.set(id, (out.get(id) ?? 0) + Math.max(0, until - times[i]));
    });
    return out;
  }
  const hits = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
  const interval = hits > 0 ? (profile.endTime - profile.startTime) / hits : 0;
  for (const node of profile.nodes) if (node.hitCount) out.set(node.id, node.hitCount * interval);
  return out;
}

function shortFile({ url, lineNumber }: CallFrame): string {
  if (url === '') return '(built-in)';
  const path = url.replace(/^file:\/\//, '');
  const from = path.includes('/node_modules/') ? path.lastIndexOf('/node_modules/') + 1 : path.indexOf('/dist/') + 1;
  return `${path.slice(from)}:${lineNumber + 1}`;
}

/** The summary as text: the shares on one line, then the top functions, one a line. */
export function formatSummary(name: string, s: ProfileSummary): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const shares = CATEGORIES.map((c) => `${c} ${pct(s.shares[c])}`).join(', ');
  const lines = s.top.map((f, i) => `  ${String(i + 1).padStart(2)}. ${f.selfMs.toFixed(0).padStart(6)} ms ${pct(f.share).padStart(6)}  ${(f.category ?? '').padEnd(10)} ${f.functionName} (${f.where})`);
  return [`${name}: ${s.activeMs.toFixed(0)} ms of CPU in ${s.totalMs.toFixed(0)} ms profiled`, `  shares of CPU: ${shares}`, `  top ${s.top.length} functions by self time:`, ...lines].join('\n');
}
