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

  it('changes the password hash; the same hash changes nothing', () => {
    given(adminUserDecider, [registered])
      .when({ type: 'ChangeAdminPassword', data: { username: 'admin', passwordHash: '$argon2id$b' } })
      .thenState((state, events) => {
        expect(events).toEqual([{ type: 'AdminPasswordChanged', data: { username: 'admin', passwordHash: '$argon2id$b' } }]);
        expect(state.passwordHash).toBe('$argon2id$b');
      });
    given(adminUserDecider, [registered]).when({ type: 'ChangeAdminPassword', data: { username: 'admin', passwordHash: '$argon2id$a' } }).then([]);
  });

  it('refuses changing the password of an unknown admin', () => {
    given(adminUserDecider).when({ type: 'ChangeAdminPassword', data: { username: 'x', passwordHash: 'h' } }).thenThrows('ADMIN_NOT_FOUND', 'not_found');
  });
});
