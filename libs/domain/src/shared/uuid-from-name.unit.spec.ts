import { isUuid, uuidFromName } from './uuid-from-name.js';

describe('uuidFromName', () => {
  it('matches the RFC 4122 version 5 test vector', () => {
    // Python: uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')
    expect(uuidFromName('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  it('is deterministic, version 5, and differs per name', () => {
    const a = uuidFromName('order:cart-1');
    expect(uuidFromName('order:cart-1')).toBe(a);
    expect(uuidFromName('order:cart-2')).not.toBe(a);
    expect(isUuid(a)).toBe(true);
    expect(a[14]).toBe('5');
    expect(['8', '9', 'a', 'b']).toContain(a[19]);
  });

  it('refuses a malformed namespace', () => {
    expect(() => uuidFromName('x', 'not-a-uuid')).toThrow('Invalid namespace');
  });
});
