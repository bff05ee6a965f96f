/** Admin (staff) user events (`admin-<username>`). Hashes are made by the API (argon2), never here. */
import type { DomainEvent } from '../shared/event.js';
import type { StaffRole } from './staff-permissions.js';

/** The back-office's one sign-in role of the public contract; its holder is an owner. */
export type AdminRole = 'ADMIN';

/** The first admin (ADMIN_USERNAME at start): an owner whose password is not a one-time one. */
export type AdminUserRegistered = DomainEvent<'AdminUserRegistered', { username: string; passwordHash: string; role: AdminRole }>;
export type AdminPasswordChanged = DomainEvent<'AdminPasswordChanged', { username: string; passwordHash: string }>;
/**
 * Every token issued to this admin before now stops working: tokens carry the session
 * generation they were issued under and the API refuses any other than the current one. Kept
 * in the stream (not in process memory) so every replica, and a restarted one, agrees.
 */
export type AdminSessionsRevoked = DomainEvent<'AdminSessionsRevoked', { username: string; generation: number; reason: AdminSessionEndReason }>;
export type AdminSessionEndReason = 'logout' | 'password-changed' | 'password-reset' | 'disabled' | 'two-factor-reset';

/** `by` is the owner who made the change (also the event's actor). */
export type StaffMemberCreated = DomainEvent<'StaffMemberCreated', { username: string; role: StaffRole; passwordHash: string; by: string }>;
export type StaffRoleChanged = DomainEvent<'StaffRoleChanged', { username: string; role: StaffRole; previousRole: StaffRole; by: string }>;
export type StaffMemberDisabled = DomainEvent<'StaffMemberDisabled', { username: string; by: string }>;
export type StaffMemberEnabled = DomainEvent<'StaffMemberEnabled', { username: string; by: string }>;
/** A new one-time password, to be changed at the next sign-in. */
export type StaffPasswordReset = DomainEvent<'StaffPasswordReset', { username: string; passwordHash: string; by: string }>;
/**
 * The member confirmed a second factor (an authenticator app). The secret and the recovery codes
 * are kept outside the log (the API's staff_auth tables): an event is kept for ever.
 */
export type StaffTwoFactorEnabled = DomainEvent<'StaffTwoFactorEnabled', { username: string }>;
/** An owner removed the member's second factor (a lost phone); the member enrols again at the next sign-in. */
export type StaffTwoFactorReset = DomainEvent<'StaffTwoFactorReset', { username: string; by: string }>;
/**
 * Five wrong second-factor codes within the window: no code of the member is checked until
 * `until` (ISO instant). Whoever sent them held the password, so the owner is told.
 */
export type StaffTwoFactorLockedOut = DomainEvent<'StaffTwoFactorLockedOut', { username: string; until: string }>;

export type AdminUserEvent =
  | AdminUserRegistered
  | AdminPasswordChanged
  | AdminSessionsRevoked
  | StaffMemberCreated
  | StaffRoleChanged
  | StaffMemberDisabled
  | StaffMemberEnabled
  | StaffPasswordReset
  | StaffTwoFactorEnabled
  | StaffTwoFactorReset
  | StaffTwoFactorLockedOut;
export type AdminEvent = AdminUserEvent;

const adminUserEventTypes: Record<AdminUserEvent['type'], true> = {
  AdminUserRegistered: true,
  AdminPasswordChanged: true,
  AdminSessionsRevoked: true,
  StaffMemberCreated: true,
  StaffRoleChanged: true,
  StaffMemberDisabled: true,
  StaffMemberEnabled: true,
  StaffPasswordReset: true,
  StaffTwoFactorEnabled: true,
  StaffTwoFactorReset: true,
  StaffTwoFactorLockedOut: true,
};

export const ADMIN_EVENT_TYPES = Object.keys(adminUserEventTypes) as AdminUserEvent['type'][];

/** The staff account events a staff list follows. */
export const STAFF_EVENT_TYPES = ['AdminUserRegistered', 'AdminPasswordChanged', 'StaffMemberCreated', 'StaffRoleChanged', 'StaffMemberDisabled', 'StaffMemberEnabled', 'StaffPasswordReset'] as const satisfies readonly AdminUserEvent['type'][];
