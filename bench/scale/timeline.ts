/**
 * Simulated time: tasks run in order of their time (ties in the order they were scheduled, so
 * a run is reproducible), and a task schedules what follows it (a shopper's next click, the
 * shipping of an order days later). A binary heap keeps only what is pending.
 */
import type { Random } from '../lib/seeded-random.js';

export type Task = (at: number) => void;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A gap of a Poisson process with this mean: what the time between independent arrivals looks like. */
export function exponentialGap(random: Random, meanMs: number): number {
  return -Math.log(1 - random.next()) * meanMs;
}

interface Entry {
  at: number;
  seq: number;
  task: Task;
}

function before(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export class Timeline {
  private readonly heap: Entry[] = [];
  private seq = 0;
  /** Time of the task running or last run. */
  now: number;

  /** Tasks due after `end` are dropped: the simulated history stops there. */
  constructor(start: number, readonly end: number) {
    this.now = start;
  }

  schedule(at: number, task: Task): void {
    if (at > this.end) return;
    const heap = this.heap;
    heap.push({ at, seq: this.seq++, task });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  get size(): number {
    return this.heap.length;
  }

  /** Runs the earliest task; false when nothing is left. */
  runNext(): boolean {
    const heap = this.heap;
    if (heap.length === 0) return false;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l], heap[m])) m = l;
        if (r < heap.length && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    this.now = top.at;
    top.task(top.at);
    return true;
  }
}

/** Runs `task` at random moments from `from` on, `meanGapMs` apart on average, until the timeline ends. */
export function repeatRandomly(timeline: Timeline, random: Random, from: number, meanGapMs: number, task: Task): void {
  const next = (after: number) =>
    timeline.schedule(after + exponentialGap(random, meanGapMs), (at) => {
      task(at);
      next(at);
    });
  next(from);
}
