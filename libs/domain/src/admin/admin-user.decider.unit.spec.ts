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
