import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps compute
 * them: HMAC of the 30-second step counter, dynamically truncated to 6 digits. Secrets travel in
 * base32 (RFC 4648) inside an otpauth:// URI, which is what an enrolment QR code encodes.
 */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  algorithm?: TotpAlgorithm;
  digits?: number;
  stepSeconds?: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Undefined for text that is not base32 (spaces, hyphens and padding, as apps show secrets, are ignored). */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) return undefined;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP of a counter. */
export function hotp(secret: Uint8Array, counter: number, { algorithm = 'sha1', digits = 6 }: TotpOptions = {}): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP at an instant (milliseconds since the epoch). */
export function totp(secret: Uint8Array, atMs: number, options: TotpOptions = {}): string {
  return hotp(secret, Math.floor(atMs / 1000 / (options.stepSeconds ?? 30)), options);
}

/**
 * The step a code belongs to, accepting one step either side of now (clocks drift, people type
 * slowly), or undefined. The caller stores the step and refuses it next time: a code is used once.
 */
export function matchingStep(secret: Uint8Array, code: string, atMs: number, options: TotpOptions = {}): number | undefined {
  const digits = options.digits ?? 6;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return undefined;
  const step = Math.floor(atMs / 1000 / (options.stepSeconds ?? 30));
  for (const candidate of [step - 1, step, step + 1]) {
    const expected = Buffer.from(hotp(secret, candidate, options));
    if (timingSafeEqual(expected, Buffer.from(code))) return candidate;
  }
  return undefined;
}

/** A new 160-bit secret (RFC 4226's recommended length for SHA-1). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** What an authenticator app reads from the enrolment QR code. */
export function otpauthUri(issuer: string, account: string, secret: Uint8Array): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${base32Encode(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}

/** Ten one-time recovery codes, xxxxx-xxxxx of an unambiguous alphabet; stored only as hashes. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
