import { parseTwoFactorRoles } from './two-factor-policy.js';

describe('which roles must use a second factor', () => {
  it('is the owner and the manager when unset', () => {
    expect(parseTwoFactorRoles(undefined)).toEqual(['owner', 'manager']);
  });

  it('reads all, none, empty and a list in any case and order', () => {
    expect(parseTwoFactorRoles('all')).toEqual(['owner', 'manager', 'agent', 'shipping']);
    expect(parseTwoFactorRoles('none')).toEqual([]);
    expect(parseTwoFactorRoles('')).toEqual([]);
    expect(parseTwoFactorRoles(' Shipping, owner ')).toEqual(['owner', 'shipping']);
  });

  it('refuses a role it does not know rather than turning the requirement off', () => {
    expect(() => parseTwoFactorRoles('owner,manger')).toThrow(/manger/);
  });
});
