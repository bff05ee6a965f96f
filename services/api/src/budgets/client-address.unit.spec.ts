import type { Request } from 'express';
import { clientOf } from './client-address.js';

const req = (ip: string | undefined) => ({ ip, socket: { remoteAddress: ip } }) as unknown as Request;

describe('clientOf', () => {
  it('is the IPv4 address, also when it arrives on an IPv6 socket', () => {
    expect(clientOf(req('127.0.0.2'))).toBe('127.0.0.2');
    expect(clientOf(req('::ffff:203.0.113.7'))).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientOf(req('2001:db8:0:1:aaaa::1'))).toBe('2001:db8:0:1::/64');
    expect(clientOf(req('2001:0db8:0000:0001:ffff:1:2:3'))).toBe('2001:db8:0:1::/64');
    expect(clientOf(req('2001:db8::1'))).toBe('2001:db8:0:0::/64');
    expect(clientOf(req('::1'))).toBe('0:0:0:0::/64');
  });

  it('is "unknown" without an address', () => {
    expect(clientOf(req(undefined))).toBe('unknown');
  });
});
