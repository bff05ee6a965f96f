import { BadRequestException } from '@nestjs/common';
import { parsePosition, type Position } from '#event-store/event-store.port.js';
import { isFilterDate } from '../shared/date-bounds.js';
import type { EventLogFilters } from './event-log.query.js';

function text(v: unknown, name: string, max: number): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max) throw new BadRequestException(`${name} must be text of at most ${max} characters`);
  return v.trim() || undefined;
}

function instant(v: unknown, name: string, endOfDay: boolean): Date | undefined {
  const s = text(v, name, 40);
  if (!s) return undefined;
  // A bare date means the whole day (UTC), like the orders filter's inclusive "to".
  const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`) : new Date(s);
  if (!isFilterDate(d)) throw new BadRequestException(`${name} must be an ISO date or date-time between the years 1 and 9999`);
  return d;
}

/** stream, type (comma-separated or repeated), from, to, correlationId. */
export function parseEventLogFilters(q: Record<string, unknown>): EventLogFilters {
  const typesRaw = Array.isArray(q.type) ? q.type : q.type === undefined ? [] : [q.type];
  if (typesRaw.length > 20 || typesRaw.some((t) => typeof t !== 'string')) throw new BadRequestException('type must be event type names');
  const types = (typesRaw as string[]).flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean);
  if (types.some((t) => !/^[A-Za-z][A-Za-z0-9]{0,80}$/.test(t))) throw new BadRequestException('type must be event type names');
  const from = instant(q.from, 'from', false);
  const to = instant(q.to, 'to', true);
  if (from && to && from > to) throw new BadRequestException('from must be before to');
  return { stream: text(q.stream, 'stream', 200), types: types.length ? types : undefined, from, to, correlationId: text(q.correlationId, 'correlationId', 128) };
}

export function parseCursor(v: unknown): Position | undefined {
  if (v === undefined || v === '') return undefined;
  const p = typeof v === 'string' ? parsePosition(v) : undefined;
  if (!p) throw new BadRequestException('after must be a cursor from a previous page (<commit>/<prepare>)');
  return p;
}

export function parseOrder(v: unknown): 'asc' | 'desc' {
  if (v === undefined || v === '' || v === 'asc') return 'asc';
  if (v === 'desc') return 'desc';
  throw new BadRequestException('order must be asc or desc');
}
