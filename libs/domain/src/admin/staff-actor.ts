/**
 * Who on the staff made a change, as they were at that moment: the username and the role they
 * held. Recorded in the event itself, so the audit trail keeps naming the role after it changes.
 */
import type { StaffRole } from './staff-permissions.js';

/**
 * The role of a change recorded before events named it: the log does not say which role its
 * author held, and the trail shows that rather than guess.
 */
export const UNRECORDED_ROLE = 'unknown';

export type RecordedStaffRole = StaffRole | typeof UNRECORDED_ROLE;

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
