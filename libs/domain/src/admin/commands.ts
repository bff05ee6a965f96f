/** Admin (staff) user commands; the password hash arrives in the command (the domain does no I/O or hashing). */
import type { DomainCommand } from '../shared/event.js';
import type { StaffRole } from './staff-permissions.js';

export type RegisterAdminUser = DomainCommand<'RegisterAdminUser', { username: string; passwordHash: string }>;
/** Also ends every session of the admin: whoever held a token may have been the reason for the change. */
export type ChangeAdminPassword = DomainCommand<'ChangeAdminPassword', { username: string; passwordHash: string }>;
/** Logout: ends every session of the admin, on every device. */
export type RevokeAdminSessions = DomainCommand<'RevokeAdminSessions', { username: string }>;

/** Staff management by an owner; `by` names them. */
export type CreateStaffMember = DomainCommand<'CreateStaffMember', { username: string; role: StaffRole; passwordHash: string; by: string }>;
export type ChangeStaffRole = DomainCommand<'ChangeStaffRole', { username: string; role: StaffRole; by: string }>;
export type DisableStaffMember = DomainCommand<'DisableStaffMember', { username: string; by: string }>;
export type EnableStaffMember = DomainCommand<'EnableStaffMember', { username: string; by: string }>;
export type ResetStaffPassword = DomainCommand<'ResetStaffPassword', { username: string; passwordHash: string; by: string }>;
/** Records that the member confirmed their second factor (the secret stays outside the log). */
export type RecordStaffTwoFactorEnabled = DomainCommand<'RecordStaffTwoFactorEnabled', { username: string }>;
/** An owner removes another member's second factor; the member's sessions end with it. */
export type ResetStaffTwoFactor = DomainCommand<'ResetStaffTwoFactor', { username: string; by: string }>;
/** Records that wrong second-factor codes locked the member's codes out until `until`. */
export type RecordStaffTwoFactorLockout = DomainCommand<'RecordStaffTwoFactorLockout', { username: string; until: string }>;

export type AdminUserCommand =
  | RegisterAdminUser
  | ChangeAdminPassword
  | RevokeAdminSessions
  | CreateStaffMember
  | ChangeStaffRole
  | DisableStaffMember
  | EnableStaffMember
  | ResetStaffPassword
  | RecordStaffTwoFactorEnabled
  | ResetStaffTwoFactor
  | RecordStaffTwoFactorLockout;
export type AdminCommand = AdminUserCommand;
