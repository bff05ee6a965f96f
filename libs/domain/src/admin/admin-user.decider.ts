/** Admin (staff) user aggregate (`admin-<username>`). Hashing happens in the API; the domain only stores the hash. */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, trimmed } from '../shared/validation.js';
import type { AdminUserCommand } from './commands.js';
import type { AdminSessionEndReason, AdminUserEvent } from './events.js';
import { isStaffRole, type StaffRole } from './staff-permissions.js';
import { isValidStaffUsername, STAFF_USERNAME_RULE } from './staff-username.js';

export interface AdminUserState {
  exists: boolean;
  username: string;
  passwordHash: string;
  role: StaffRole | null;
  /** A disabled account signs in to nothing, and its tokens stop working. */
  disabled: boolean;
  /** The password is a one-time one (new account, or reset by an owner): only changing it is allowed. */
  mustChangePassword: boolean;
  /** Tokens name the generation they were issued under; only the current one is accepted. */
  sessionGeneration: number;
}

export const initialAdminUserState: AdminUserState = Object.freeze({
  exists: false,
  username: '',
  passwordHash: '',
  role: null,
  disabled: false,
  mustChangePassword: false,
  sessionGeneration: 0,
});

function requireHash(passwordHash: string): void {
  if (isBlank(passwordHash)) throw DomainError.validation('ADMIN_PASSWORD_REQUIRED', 'Password is required', { password: 'Password is required' });
}

function requireExisting(state: AdminUserState): void {
  if (!state.exists) throw DomainError.notFound('ADMIN_NOT_FOUND', 'Staff member not found');
}

function requireRole(role: unknown): void {
  if (!isStaffRole(role)) throw DomainError.validation('STAFF_ROLE_INVALID', 'Role must be owner, manager, agent or shipping', { role: 'Role must be owner, manager, agent or shipping' });
}

/** An owner changing their own account here could lock the shop out: they use their own password page. */
function requireSomeoneElse(state: AdminUserState, by: string, what: string): void {
  if (trimmed(by) === state.username) throw DomainError.conflict('STAFF_SELF_CHANGE', `You cannot ${what} your own account`);
}

export function decideAdminUser(command: AdminUserCommand, state: AdminUserState): AdminUserEvent[] {
  switch (command.type) {
    case 'RegisterAdminUser': {
      const username = trimmed(command.data.username);
      if (username.length === 0) throw DomainError.validation('ADMIN_USERNAME_REQUIRED', 'Username is required');
      requireHash(command.data.passwordHash);
      if (state.exists) throw DomainError.conflict('ADMIN_EXISTS', `Admin user ${username} already exists`);
      return [{ type: 'AdminUserRegistered', data: { username, passwordHash: command.data.passwordHash, role: 'ADMIN' } }];
    }
    case 'CreateStaffMember': {
      const { username, role, passwordHash, by } = command.data;
      if (!isValidStaffUsername(username)) throw DomainError.validation('STAFF_USERNAME_INVALID', STAFF_USERNAME_RULE, { username: STAFF_USERNAME_RULE });
      requireRole(role);
      requireHash(passwordHash);
      if (state.exists) throw DomainError.conflict('ADMIN_EXISTS', `A staff member named ${username} already exists`);
      return [{ type: 'StaffMemberCreated', data: { username, role, passwordHash, by } }];
    }
    case 'ChangeStaffRole':
      requireExisting(state);
      requireRole(command.data.role);
      requireSomeoneElse(state, command.data.by, 'change the role of');
      return command.data.role === state.role
        ? []
        : [{ type: 'StaffRoleChanged', data: { username: state.username, role: command.data.role, previousRole: state.role ?? 'owner', by: command.data.by } }];
    case 'DisableStaffMember':
      requireExisting(state);
      requireSomeoneElse(state, command.data.by, 'disable');
      // Disabling also ends the sessions: enabling later must not bring an old token back.
      return state.disabled ? [] : [{ type: 'StaffMemberDisabled', data: { username: state.username, by: command.data.by } }, revoked(state, 'disabled')];
    case 'EnableStaffMember':
      requireExisting(state);
      return state.disabled ? [{ type: 'StaffMemberEnabled', data: { username: state.username, by: command.data.by } }] : [];
    case 'ResetStaffPassword':
      requireExisting(state);
      requireHash(command.data.passwordHash);
      requireSomeoneElse(state, command.data.by, 'reset the password of');
      return [{ type: 'StaffPasswordReset', data: { username: state.username, passwordHash: command.data.passwordHash, by: command.data.by } }, revoked(state, 'password-reset')];
    case 'ChangeAdminPassword':
      requireExisting(state);
      requireHash(command.data.passwordHash);
      return command.data.passwordHash === state.passwordHash
        ? []
        : [
            { type: 'AdminPasswordChanged', data: { username: state.username, passwordHash: command.data.passwordHash } },
            revoked(state, 'password-changed'),
          ];
    case 'RecordStaffTwoFactorEnabled':
      requireExisting(state);
      return [{ type: 'StaffTwoFactorEnabled', data: { username: state.username } }];
    case 'ResetStaffTwoFactor':
      requireExisting(state);
      requireSomeoneElse(state, command.data.by, 'reset the second factor of');
      // Whoever holds the lost phone may hold a session too: it ends with the factor.
      return [{ type: 'StaffTwoFactorReset', data: { username: state.username, by: command.data.by } }, revoked(state, 'two-factor-reset')];
    case 'RecordStaffTwoFactorLockout':
      requireExisting(state);
      return [{ type: 'StaffTwoFactorLockedOut', data: { username: state.username, until: command.data.until } }];
    case 'RevokeAdminSessions':
      requireExisting(state);
      // Always a new generation, even twice in a row: a logout must never be a no-op.
      return [revoked(state, 'logout')];
    default:
      return assertNever(command, 'admin user command');
  }
}

function revoked(state: AdminUserState, reason: AdminSessionEndReason): AdminUserEvent {
  return { type: 'AdminSessionsRevoked', data: { username: state.username, generation: state.sessionGeneration + 1, reason } };
}

export function evolveAdminUser(state: AdminUserState, event: AdminUserEvent): AdminUserState {
  switch (event.type) {
    case 'AdminUserRegistered':
      return { ...initialAdminUserState, exists: true, username: event.data.username, passwordHash: event.data.passwordHash, role: 'owner' };
    case 'StaffMemberCreated':
      return { ...initialAdminUserState, exists: true, username: event.data.username, passwordHash: event.data.passwordHash, role: event.data.role, mustChangePassword: true };
    case 'StaffRoleChanged':
      return { ...state, role: event.data.role };
    case 'StaffMemberDisabled':
      return { ...state, disabled: true };
    case 'StaffMemberEnabled':
      return { ...state, disabled: false };
    case 'StaffPasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, mustChangePassword: true };
    case 'AdminPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, mustChangePassword: false };
    case 'StaffTwoFactorEnabled':
    case 'StaffTwoFactorReset':
    case 'StaffTwoFactorLockedOut':
      // Whether a member is enrolled is the staff_auth table's to say, not the stream's.
      return state;
    case 'AdminSessionsRevoked':
      return { ...state, sessionGeneration: Math.max(state.sessionGeneration, event.data.generation) };
    default:
      return assertNever(event, 'admin user event');
  }
}

export const adminUserDecider: Decider<AdminUserCommand, AdminUserEvent, AdminUserState> = {
  decide: decideAdminUser,
  evolve: evolveAdminUser,
  initialState: initialAdminUserState,
};
