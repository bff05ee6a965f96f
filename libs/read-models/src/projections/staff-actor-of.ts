import { UNRECORDED_ROLE, type StaffActor } from '#domain/admin/staff-actor.js';

/**
 * A username longer than sign-in reads (100 characters) belongs to nobody who can act; cut there,
 * a hand-written event's name can still be shown and indexed (a b-tree entry has a size limit).
 */
const MAX_USERNAME = 100;

export function boundedUsername(name: string): string {
  return name.length <= MAX_USERNAME ? name : Array.from(name).slice(0, MAX_USERNAME).join('');
}

/**
 * An order event's `by` as rows store it. The store upcasts every older event to carry one; an
 * event a writer stamped current without it (a test's, a benchmark's) reads as unknown rather
 * than stopping the projection.
 */
export function recordedStaffActor(by: unknown): StaffActor {
  const b = (by ?? {}) as Partial<Record<keyof StaffActor, unknown>>;
  return {
    username: typeof b.username === 'string' && b.username !== '' ? boundedUsername(b.username) : UNRECORDED_ROLE,
    role: typeof b.role === 'string' && b.role !== '' ? (b.role as StaffActor['role']) : UNRECORDED_ROLE,
  };
}

/**
 * The staff member behind an order event: its `by`, unless that names nobody and the log does not
 * say an admin wrote it (a change the system made is not a staff member's).
 */
export function staffAuthorOf(event: { data: unknown; metadata?: unknown }): StaffActor | null {
  const by = recordedStaffActor((event.data as { by?: unknown } | null)?.by);
  const kind = (event.metadata as { actor?: { kind?: unknown } } | null | undefined)?.actor?.kind;
  return by.username !== UNRECORDED_ROLE || kind === 'admin' ? by : null;
}
