import { createHash } from 'node:crypto';

/**
 * Deterministic UUID from a name (RFC 4122 version 5 layout: SHA-1 of namespace + name).
 * Used for ids that must be the same on every retry (orderId from cartId, event ids of a
 * checkout), which is what makes a half-done checkout completable. The `uuid` package is
 * not installed, and this is twenty lines.
 */

/** Namespace of the poster shop; changing it would change every derived id. */
export const SHOP_NAMESPACE = '6f1c3d2a-8b4e-5a7f-9c1d-2e3f4a5b6c7d';

export function uuidFromName(name: string, namespace: string = SHOP_NAMESPACE): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error(`Invalid namespace UUID: ${namespace}`);
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
