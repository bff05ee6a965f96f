import { useEffect } from 'react';
import { useAppDispatch, type AppDispatch } from '../../app/store';
import { api } from '../../lib/api';
import { sessionToken } from '../auth/admin-session';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];

/**
 * Which cached answers each projection's tables feed (the API's `change` events name
 * projections): a change refetches whatever open page shows them. Type-wide tags, so the
 * list, each order and its history all refetch. 'CallQueue' is for the call-to-confirm queue.
 */
export const LIVE_TAGS: Record<string, Tag[]> = {
  orders: ['Order', 'Dashboard', 'CallQueue'],
  'order-history': ['Order'],
  dashboard: ['Dashboard'],
  customers: ['Customer', 'Dashboard'],
};

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** After a 401 (session over): try again only this rarely, in case the admin signs in elsewhere. */
const UNAUTHORIZED_RETRY_MS = 30_000;

/** The projections named by the complete `change` events in `chunk`, and what is left of it. */
export function parseLiveEvents(chunk: string): { projections: string[]; rest: string } {
  const blocks = chunk.split('\n\n');
  const rest = blocks.pop() ?? '';
  const projections: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    if (!lines.includes('event: change')) continue;
    const data = lines.find((l) => l.startsWith('data: '));
    try {
      const parsed = data ? (JSON.parse(data.slice(6)) as { projections?: unknown }) : undefined;
      if (Array.isArray(parsed?.projections)) projections.push(...parsed.projections.filter((p): p is string => typeof p === 'string'));
    } catch {
      // A malformed event changes nothing: the next one will.
    }
  }
  return { projections, rest };
}

function liveUrl(): string {
  return `${window.location.origin}/api/admin/live`;
}

export function tagsFor(projections: readonly string[]): Tag[] {
  return [...new Set(projections.flatMap((p) => LIVE_TAGS[p] ?? []))];
}

/**
 * Listens to the API's server-sent events and invalidates the tags of what changed, until the
 * returned stop is called. Read with fetch rather than EventSource: admin calls carry the bearer
 * token in a header, which EventSource cannot send. Reconnects with back-off; after a reconnect
 * everything live is refetched once (changes made while away were not heard).
 */
export function startLiveUpdates(dispatch: AppDispatch): () => void {
  let stopped = false;
  let abort: AbortController | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  const invalidate = (tags: Tag[]) => tags.length > 0 && dispatch(api.util.invalidateTags(tags));

  void (async () => {
    let retryMs = FIRST_RETRY_MS;
    let connections = 0;
    while (!stopped) {
      const token = sessionToken();
      abort = new AbortController();
      try {
        const response = await fetch(liveUrl(), { headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, cache: 'no-store', signal: abort.signal });
        if (response.status === 401) {
          await response.body?.cancel();
          await pause(UNAUTHORIZED_RETRY_MS);
          continue;
        }
        if (!response.ok || !response.body) throw new Error(`live updates: ${response.status}`);
        if (connections++ > 0) invalidate(tagsFor(Object.keys(LIVE_TAGS)));
        retryMs = FIRST_RETRY_MS;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const { projections, rest } = parseLiveEvents(buffer + value);
          buffer = rest;
          invalidate(tagsFor(projections));
        }
      } catch {
        if (stopped) return;
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
      if (!stopped) await pause(retryMs);
    }
  })();

  return () => {
    stopped = true;
    abort?.abort();
    wake?.();
  };
}

/** Live back-office: one stream per tab, for as long as the admin layout is shown. */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  useEffect(() => startLiveUpdates(dispatch), [dispatch]);
}
