import { STAFF_EVENT_TYPES } from '#domain/admin/events.js';
import { StaffMemberEntity } from '../staff-member.entity.js';
import { occurredAt } from './event-time.js';
import { keyedProjection } from './keyed-projection.js';

/** The owner's staff list: role, standing and who changed it last. */
export const staffProjection = keyedProjection({
  name: 'staff',
  version: 1,
  eventTypes: STAFF_EVENT_TYPES,
  table: StaffMemberEntity,
  keyOf: (e) => e.data.username,
  apply(row, e) {
    const at = occurredAt(e);
    const actor = (e.metadata as { actor?: { id?: string } } | undefined)?.actor?.id ?? null;
    const touched = { updated_at: at, updated_by: actor };
    switch (e.type) {
      case 'AdminUserRegistered':
        return { username: e.data.username, role: 'owner', disabled: false, must_change_password: false, created_at: at, created_by: null, ...touched };
      case 'StaffMemberCreated':
        return { username: e.data.username, role: e.data.role, disabled: false, must_change_password: true, created_at: at, created_by: e.data.by, ...touched };
      case 'StaffRoleChanged':
        return row && { ...row, role: e.data.role, ...touched };
      case 'StaffMemberDisabled':
        return row && { ...row, disabled: true, ...touched };
      case 'StaffMemberEnabled':
        return row && { ...row, disabled: false, ...touched };
      case 'StaffPasswordReset':
        return row && { ...row, must_change_password: true, ...touched };
      case 'AdminPasswordChanged':
        return row && { ...row, must_change_password: false, ...touched };
    }
  },
});
