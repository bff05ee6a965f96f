/** Admin user aggregate (`admin-<username>`). Hashing happens in the API; the domain only stores the hash. */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isBlank, trimmed } from '../shared/validation.js';
import type { AdminUserCommand } from './commands.js';
import type { AdminRole, AdminSessionEndReason, AdminUserEvent } from './events.js';

export interface AdminUserState {
  exists: boolean;
  username: string;
  passwordHash: string;
  role: AdminRole | null;
  /** Tokens name the generation they were issued under; only the current one is accepted. */
  sessionGeneration: number;
}

export const initialAdminUserState: AdminUserState = Object.freeze({
  exists: false,
  username: '',
  passwordHash: '',
  role: null,
  sessionGeneration: 0,
});

function requireHash(passwordHash: string): void {
  if (isBlank(passwordHash)) throw DomainError.validation('ADMIN_PASSWORD_REQUIRED', 'Password is required');
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
    case 'ChangeAdminPassword':
      if (!state.exists) throw DomainError.notFound('ADMIN_NOT_FOUND', 'Admin user not found');
      requireHash(command.data.passwordHash);
      return command.data.passwordHash === state.passwordHash
        ? []
        : [
            { type: 'AdminPasswordChanged', data: { username: state.username, passwordHash: command.data.passwordHash } },
            revoked(state, 'password-changed'),
          ];
    case 'RevokeAdminSessions':
      if (!state.exists) throw DomainError.notFound('ADMIN_NOT_FOUND', 'Admin user not found');
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
      return { exists: true, username: event.data.username, passwordHash: event.data.passwordHash, role: event.data.role, sessionGeneration: 0 };
    case 'AdminPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
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
