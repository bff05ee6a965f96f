/**
 * Who on the staff made a change, as they were at that moment: the username and the role they
 * held. Recorded in the event itself, so the audit trail keeps naming the role after it changes.
 */
import { STAFF_ROLES, type StaffRole } from './staff-permissions.js';

/**
 * The role of a change recorded before events named it: the log does not say which role its
 * author held, and the trail shows that rather than guess.
 */
export const UNRECORDED_ROLE = 'unknown';

export type RecordedStaffRole = StaffRole | typeof UNRECORDED_ROLE;
export const RECORDED_STAFF_ROLES: readonly RecordedStaffRole[] = [...STAFF_ROLES, UNRECORDED_ROLE];

/** A stored role as one of the recorded roles: anything else (a hand-written event's) reads as unknown. */
export function asRecordedStaffRole(value: unknown): RecordedStaffRole {
  return (RECORDED_STAFF_ROLES as readonly unknown[]).includes(value) ? (value as RecordedStaffRole) : UNRECORDED_ROLE;
}

export interface StaffActor {
  username: string;
  role: RecordedStaffRole;
}

/**
 * The author of an event written before it named one, from the event's metadata: an admin's
 * username when the metadata says an admin wrote it, else "unknown"; the role is never known.
 */
export function staffActorFromMetadata(metadata: unknown): StaffActor {
  const actor = (metadata as { actor?: { kind?: unknown; id?: unknown } } | null | undefined)?.actor;
  const username = actor?.kind === 'admin' && typeof actor.id === 'string' && actor.id !== '' ? actor.id : UNRECORDED_ROLE;
  return { username, role: UNRECORDED_ROLE };
}
