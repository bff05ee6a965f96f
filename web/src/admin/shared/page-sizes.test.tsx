import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../../libs/domain/src/shared/page-size';

// Every page size the back-office's code asks a list for, as written in its source: a size above
// the server's largest page would be refused, so the web never asks for one.
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const ASKED = /\b(?:size|limit|[A-Z_]*PAGE_SIZE|[A-Z_]*QUEUE_SIZE)\s*[:=]\s*(\d+)\b/g;

describe('page sizes the back-office asks for', () => {
  it('never exceeds the largest page a list answers', () => {
    const asked = Object.entries(sources).flatMap(([file, text]) => [...text.matchAll(ASKED)].map((m) => ({ file, asked: m[0], size: Number(m[1]) })));
    // The pattern finds the lists' sizes (orders, call queue, messages, events, staff activity, the shared pager).
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(asked.filter((a) => a.size > MAX_PAGE_SIZE)).toEqual([]);
  });
});
