import { useSyncExternalStore } from 'react';

// Export jobs this admin started, remembered across reloads so the Jobs page can
// keep showing their progress. The job state itself always comes from GET /admin/jobs/{id}.

export interface TrackedJob {
  id: string;
  label: string;
  kind: 'export';
  fileName?: string;
  startedAt: string;
  /** Set once the finished file was handed to the browser, so a reload does not download it again. */
  downloaded?: boolean;
}

const KEY = 'admin-jobs';
const listeners = new Set<() => void>();
let jobs: TrackedJob[] = load();

function load(): TrackedJob[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as TrackedJob[]) : [];
  } catch {
    return [];
  }
}

function save(next: TrackedJob[]): void {
  jobs = next;
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* storage unavailable: the list lives for this page only */
  }
  listeners.forEach((listener) => listener());
}

export function trackJob(job: Omit<TrackedJob, 'startedAt'>): void {
  save([{ ...job, startedAt: new Date().toISOString() }, ...jobs.filter((j) => j.id !== job.id)].slice(0, 50));
}

export function markDownloaded(id: string): void {
  save(jobs.map((j) => (j.id === id ? { ...j, downloaded: true } : j)));
}

export function forgetJob(id: string): void {
  save(jobs.filter((j) => j.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTrackedJobs(): TrackedJob[] {
  return useSyncExternalStore(subscribe, () => jobs);
}
