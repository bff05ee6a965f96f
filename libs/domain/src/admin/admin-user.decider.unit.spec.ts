import { given } from '../testing/given-when-then.js';
import { adminUserDecider } from './admin-user.decider.js';

const registered = { type: 'AdminUserRegistered', data: { username: 'admin', passwordHash: '$argon2id$a', role: 'ADMIN' } } as const;

describe('admin user decider', () => {
  it('registers an admin with the hash it is given', () => {
    given(adminUserDecider).when({ type: 'RegisterAdminUser', data: { username: ' admin ', passwordHash: '$argon2id$a' } }).then([registered]);
  });

  it('refuses registering the same username twice', () => {
    given(adminUserDecider, [registered])
      .when({ type: 'RegisterAdminUser', data: { username: 'admin', passwordHash: '$argon2id$b' } })
      .thenThrows('ADMIN_EXISTS', 'conflict');
  });

  it('requires a username and a hash', () => {
    given(adminUserDecider).when({ type: 'RegisterAdminUser', data: { username: ' ', passwordHash: 'h' } }).thenThrows('ADMIN_USERNAME_REQUIRED');
    given(adminUserDecider).when({ type: 'RegisterAdminUser', data: { username: 'a', passwordHash: '' } }).thenThrows('ADMIN_PASSWORD_REQUIRED');
  });

  it('changes the password hash and ends every session; the same hash changes nothing', () => {
    given(adminUserDecider, [registered])
      .when({ type: 'ChangeAdminPassword', data: { username: 'admin', passwordHash: '$argon2id$b' } })
      .thenState((state, events) => {
        expect(events).toEqual([
          { type: 'AdminPasswordChanged', data: { username: 'admin', passwordHash: '$argon2id$b' } },
          { type: 'AdminSessionsRevoked', data: { username: 'admin', generation: 1, reason: 'password-changed' } },
        ]);
        expect(state.passwordHash).toBe('$argon2id$b');
        expect(state.sessionGeneration).toBe(1);
      });
    given(adminUserDecider, [registered]).when({ type: 'ChangeAdminPassword', data: { username: 'admin', passwordHash: '$argon2id$a' } }).then([]);
  });

  it('refuses changing the password of an unknown admin', () => {
    given(adminUserDecider).when({ type: 'ChangeAdminPassword', data: { username: 'x', passwordHash: 'h' } }).thenThrows('ADMIN_NOT_FOUND', 'not_found');
  });

  it('ends every session on logout with a new generation each time', () => {
    const loggedOut = { type: 'AdminSessionsRevoked', data: { username: 'admin', generation: 1, reason: 'logout' } } as const;
    given(adminUserDecider, [registered]).when({ type: 'RevokeAdminSessions', data: { username: 'admin' } }).then([loggedOut]);
    given(adminUserDecider, [registered, loggedOut])
      .when({ type: 'RevokeAdminSessions', data: { username: 'admin' } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'AdminSessionsRevoked', data: { username: 'admin', generation: 2, reason: 'logout' } }]);
        expect(state.sessionGeneration).toBe(2);
      });
  });

  it('refuses ending the sessions of an unknown admin', () => {
    given(adminUserDecider).when({ type: 'RevokeAdminSessions', data: { username: 'x' } }).thenThrows('ADMIN_NOT_FOUND', 'not_found');
  });
});

describe('staff accounts', () => {
  const hash = '$argon2id$one-time';
  const created = { type: 'StaffMemberCreated', data: { username: 'sara.agent', role: 'agent', passwordHash: hash, by: 'admin' } } as const;

  it('creates a member with a role and a one-time password, naming the owner', () => {
    given(adminUserDecider)
      .when({ type: 'CreateStaffMember', data: { username: 'sara.agent', role: 'agent', passwordHash: hash, by: 'admin' } })
      .thenState((state, events) => {
        expect(events).toEqual([created]);
        expect(state).toMatchObject({ exists: true, role: 'agent', mustChangePassword: true, disabled: false });
      });
  });

  it('refuses a bad username, an unknown role and a taken name, naming the field', () => {
    const bad = given(adminUserDecider).when({ type: 'CreateStaffMember', data: { username: 'Sara Agent', role: 'agent', passwordHash: hash, by: 'admin' } }).thenThrows('STAFF_USERNAME_INVALID', 'validation');
    expect(Object.keys(bad.fieldErrors ?? {})).toEqual(['username']);
    const role = given(adminUserDecider).when({ type: 'CreateStaffMember', data: { username: 'sara', role: 'root' as never, passwordHash: hash, by: 'admin' } }).thenThrows('STAFF_ROLE_INVALID', 'validation');
    expect(Object.keys(role.fieldErrors ?? {})).toEqual(['role']);
    given(adminUserDecider, [created]).when({ type: 'CreateStaffMember', data: { username: 'sara.agent', role: 'manager', passwordHash: hash, by: 'admin' } }).thenThrows('ADMIN_EXISTS', 'conflict');
  });

  it('the first admin is an owner with a chosen password', () => {
    given(adminUserDecider, [registered]).when({ type: 'RevokeAdminSessions', data: { username: 'admin' } }).thenState((state) => {
      expect(state).toMatchObject({ role: 'owner', mustChangePassword: false });
    });
  });

  it('changing the one-time password clears the obligation', () => {
    given(adminUserDecider, [created]).when({ type: 'ChangeAdminPassword', data: { username: 'sara.agent', passwordHash: '$argon2id$mine' } }).thenState((state) => {
      expect(state.mustChangePassword).toBe(false);
    });
  });

  it('changes the role; the same role changes nothing', () => {
    given(adminUserDecider, [created])
      .when({ type: 'ChangeStaffRole', data: { username: 'sara.agent', role: 'shipping', by: 'admin' } })
      .then([{ type: 'StaffRoleChanged', data: { username: 'sara.agent', role: 'shipping', previousRole: 'agent', by: 'admin' } }]);
    given(adminUserDecider, [created]).when({ type: 'ChangeStaffRole', data: { username: 'sara.agent', role: 'agent', by: 'admin' } }).then([]);
  });

  it('disabling ends the sessions, so enabling again does not revive an old token', () => {
    const disabled = { type: 'StaffMemberDisabled', data: { username: 'sara.agent', by: 'admin' } } as const;
    given(adminUserDecider, [created])
      .when({ type: 'DisableStaffMember', data: { username: 'sara.agent', by: 'admin' } })
      .then([disabled, { type: 'AdminSessionsRevoked', data: { username: 'sara.agent', generation: 1, reason: 'disabled' } }]);
    given(adminUserDecider, [created, disabled])
      .when({ type: 'EnableStaffMember', data: { username: 'sara.agent', by: 'admin' } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'StaffMemberEnabled', data: { username: 'sara.agent', by: 'admin' } }]);
        expect(state.disabled).toBe(false);
      });
    given(adminUserDecider, [created]).when({ type: 'EnableStaffMember', data: { username: 'sara.agent', by: 'admin' } }).then([]);
  });

  it('a reset sets a new one-time password and ends the sessions', () => {
    given(adminUserDecider, [created])
      .when({ type: 'ResetStaffPassword', data: { username: 'sara.agent', passwordHash: '$argon2id$again', by: 'admin' } })
      .thenState((state, events) => {
        expect(events.map((e) => e.type)).toEqual(['StaffPasswordReset', 'AdminSessionsRevoked']);
        expect(state).toMatchObject({ mustChangePassword: true, passwordHash: '$argon2id$again', sessionGeneration: 1 });
      });
  });

  it('an owner cannot disable, demote or reset themselves', () => {
    given(adminUserDecider, [registered]).when({ type: 'DisableStaffMember', data: { username: 'admin', by: 'admin' } }).thenThrows('STAFF_SELF_CHANGE', 'conflict');
    given(adminUserDecider, [registered]).when({ type: 'ChangeStaffRole', data: { username: 'admin', role: 'agent', by: 'admin' } }).thenThrows('STAFF_SELF_CHANGE', 'conflict');
    given(adminUserDecider, [registered]).when({ type: 'ResetStaffPassword', data: { username: 'admin', passwordHash: 'h', by: 'admin' } }).thenThrows('STAFF_SELF_CHANGE', 'conflict');
  });

  it('records an enrolled second factor without its secret; an owner reset ends the member\'s sessions', () => {
    given(adminUserDecider, [created]).when({ type: 'RecordStaffTwoFactorEnabled', data: { username: 'sara.agent' } }).then([{ type: 'StaffTwoFactorEnabled', data: { username: 'sara.agent' } }]);
    given(adminUserDecider, [created])
      .when({ type: 'ResetStaffTwoFactor', data: { username: 'sara.agent', by: 'admin' } })
      .thenState((state, events) => {
        expect(events).toEqual([
          { type: 'StaffTwoFactorReset', data: { username: 'sara.agent', by: 'admin' } },
          { type: 'AdminSessionsRevoked', data: { username: 'sara.agent', generation: 1, reason: 'two-factor-reset' } },
        ]);
        expect(state.sessionGeneration).toBe(1);
      });
    given(adminUserDecider, [registered]).when({ type: 'ResetStaffTwoFactor', data: { username: 'admin', by: 'admin' } }).thenThrows('STAFF_SELF_CHANGE', 'conflict');
    given(adminUserDecider).when({ type: 'ResetStaffTwoFactor', data: { username: 'ghost', by: 'admin' } }).thenThrows('ADMIN_NOT_FOUND', 'not_found');
  });

  it('records a second-factor lockout until when, leaving sessions and state as they were', () => {
    given(adminUserDecider, [created])
      .when({ type: 'RecordStaffTwoFactorLockout', data: { username: 'sara.agent', until: '2026-11-29T01:00:00.000Z' } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'StaffTwoFactorLockedOut', data: { username: 'sara.agent', until: '2026-11-29T01:00:00.000Z' } }]);
        expect(state.sessionGeneration).toBe(0);
      });
    given(adminUserDecider).when({ type: 'RecordStaffTwoFactorLockout', data: { username: 'ghost', until: '2026-11-29T01:00:00.000Z' } }).thenThrows('ADMIN_NOT_FOUND', 'not_found');
  });

  it('refuses changes to an unknown member', () => {
    given(adminUserDecider).when({ type: 'DisableStaffMember', data: { username: 'ghost', by: 'admin' } }).thenThrows('ADMIN_NOT_FOUND', 'not_found');
  });
});
