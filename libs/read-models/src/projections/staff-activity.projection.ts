import { STAFF_EVENT_TYPES } from '#domain/admin/events.js';
import { UNRECORDED_ROLE } from '#domain/admin/staff-actor.js';
import { StaffActivityMemberEntity } from '../staff-activity-member.entity.js';
import { StaffActivityEntity } from '../staff-activity.entity.js';
import { tableSpec } from '../table-spec.js';
import { insertRowsIfAbsent, loadRows, upsertRows, type Row } from './bulk-sql.js';
import { occurredAt } from './event-time.js';
import { defineProjection, type RecordedShopEvent } from './projection.js';
import { boundedUsername, staffAuthorOf } from './staff-actor-of.js';

const ACTIVITY = tableSpec(StaffActivityEntity);
const MEMBERS = tableSpec(StaffActivityMemberEntity);

const ORDER_CHANGES = ['OrderStatusChanged', 'PersonalDataCorrected', 'OrderEdited', 'OrderNoteAdded'] as const;
const isOrderChange = (type: string) => (ORDER_CHANGES as readonly string[]).includes(type);
const EVENT_TYPES = [...STAFF_EVENT_TYPES, 'StaffTwoFactorEnabled', 'StaffTwoFactorReset', 'StaffTwoFactorLockedOut', 'AdminSessionsRevoked', ...ORDER_CHANGES] as const;
type ActivityEvent = RecordedShopEvent<(typeof EVENT_TYPES)[number]>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const name = (value: unknown): string => boundedUsername(text(value) || UNRECORDED_ROLE);

/**
 * Who did what, for the owner's "Staff activity": every staff account event and every change a
 * staff member made to an order. An order event records its author's role; an account event
 * records only who, so their role is read from the accounts folded so far (the log is in order,
 * so that is the role they held then), kept in staff_activity_members.
 */
export const staffActivityProjection = defineProjection({
  name: 'staff-activity',
  // Version 4: second-factor lockouts.
  version: 4,
  tables: [StaffActivityEntity, StaffActivityMemberEntity],
  eventTypes: EVENT_TYPES,
  async handle(events, ctx) {
    const names = events.flatMap((e) => (isOrderChange(e.type) ? [] : [name((e.data as { username?: unknown }).username), name((e.data as { by?: unknown }).by)]));
    const known = await loadRows(ctx, MEMBERS, names);
    const roles = new Map<string, string>([...known].map(([username, row]) => [username, String(row.role)]));
    const changedRoles = new Set<string>();
    const setRole = (username: string, role: unknown) => {
      roles.set(username, text(role) ?? UNRECORDED_ROLE);
      changedRoles.add(username);
    };
    const roleOf = (username: string) => roles.get(username) ?? UNRECORDED_ROLE;

    const rows: Row[] = [];
    for (const e of events as readonly ActivityEvent[]) {
      const activity = describe(e, roleOf, setRole);
      if (!activity) continue;
      rows.push({
        event_id: e.id, commit_position: String(e.position.commit), prepare_position: String(e.position.prepare), occurred_at: occurredAt(e),
        type: e.type, order_id: null, order_number: null, member: null, ...activity,
      });
    }
    await upsertRows(ctx, MEMBERS, [...changedRoles].map((username) => ({ username, role: roles.get(username) })));
    await insertRowsIfAbsent(ctx, ACTIVITY, rows);
  },
});

interface Activity {
  actor: string;
  actor_role: string;
  order_id?: string | null;
  order_number?: string | null;
  member?: string | null;
  details: Record<string, unknown>;
}

/** The row's who and what; an account's role moves as the event says. Undefined: not staff activity (a sign-in's other session ends, the system's changes). */
function describe(e: ActivityEvent, roleOf: (username: string) => string, setRole: (username: string, role: unknown) => void): Activity | undefined {
  if (e.type === 'OrderStatusChanged' || e.type === 'PersonalDataCorrected' || e.type === 'OrderEdited' || e.type === 'OrderNoteAdded') {
    const by = staffAuthorOf(e);
    if (!by) return undefined;
    // The reason of a status change and a note are free text that may name the customer: they stay on the order.
    const details = e.type === 'OrderStatusChanged'
      ? { from: text(e.data.from), to: text(e.data.to), ...(e.data.correction === true ? { correction: true } : {}) }
      : e.type === 'OrderNoteAdded' ? {} : { fields: Array.isArray(e.data.fields) ? e.data.fields.filter((f) => typeof f === 'string') : [] };
    return { actor: by.username, actor_role: by.role, order_id: text(e.data.orderId), order_number: text(e.data.orderNumber), details };
  }
  const member = name(e.data.username);
  const self = (details: Record<string, unknown> = {}): Activity => ({ actor: member, actor_role: roleOf(member), member, details });
  const byOwner = (details: Record<string, unknown> = {}): Activity => {
    const actor = name((e.data as { by?: unknown }).by);
    return { actor, actor_role: roleOf(actor), member, details };
  };
  switch (e.type) {
    case 'AdminUserRegistered':
      // The first owner, registered at the shop's start: the account is its own first act.
      setRole(member, 'owner');
      return self({ role: 'owner' });
    case 'StaffMemberCreated': {
      const row = byOwner({ role: text(e.data.role) });
      setRole(member, e.data.role);
      return row;
    }
    case 'StaffRoleChanged': {
      const row = byOwner({ role: text(e.data.role), previousRole: text(e.data.previousRole) });
      setRole(member, e.data.role);
      return row;
    }
    case 'StaffMemberDisabled':
    case 'StaffMemberEnabled':
    case 'StaffPasswordReset':
    case 'StaffTwoFactorReset':
      return byOwner();
    case 'AdminPasswordChanged':
    case 'StaffTwoFactorEnabled':
      return self();
    case 'StaffTwoFactorLockedOut':
      // Nobody signed in did this: it happened to the member, whose password someone held.
      return self({ until: text(e.data.until) });
    case 'AdminSessionsRevoked':
      // A sign-out; the other reasons come with the account event that caused them, a row already.
      return e.data.reason === 'logout' ? self() : undefined;
  }
}
