import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client a budget belongs to: Express's req.ip, which is the socket's address unless
 * TRUST_PROXY names the proxies allowed to say otherwise (app.factory.ts). An IPv4 address seen
 * through an IPv6 socket is the same client as over IPv4, and an IPv6 client is its /64: one
 * subscriber gets a whole /64 and could otherwise take a fresh budget per address.
 */
export function clientOf(req: Request): string {
  const ip = (req.ip ?? req.socket?.remoteAddress ?? '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) return `${ipv6Prefix64(ip)}::/64`;
  return 'unknown';
}

/** The first four groups of an IPv6 address, written out in full. */
function ipv6Prefix64(ip: string): string {
  const bare = ip.split('%')[0];
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; it sits past the /64 anyway.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':');
}
