import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import { secureRandomBytes } from '#platform/crypto/random-bytes.js';

/** What a sealed value looks like in a jsonb column: the personal-data envelope's shape (docs/adr/012). */
export interface SealedText {
  v: 1;
  iv: string;
  ct: string;
  tag: string;
}

/**
 * AES-256-GCM for the staff_auth tables: TOTP secrets, and the device and client address of a
 * session (personal data of staff). The key is derived (HKDF-SHA-256) from the server's signing
 * secret, so it never sits in the database beside what it protects: a copy of the database alone
 * opens nothing. The associated data names the row and column, so a ciphertext copied to another
 * row or column does not open. Rotating JWT_SECRET therefore also means enrolling second factors
 * again (docs/adr/016).
 */
export class StaffSecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'poster-shop staff_auth', 'aes-256-gcm v1', 32));
  }

  seal(text: string, context: string): SealedText {
    const iv = secureRandomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), ct: ct.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
  }

  /** The text, or undefined when it does not open (another key, another row, tampered). */
  open(sealed: SealedText | null | undefined, context: string): string | undefined {
    if (!sealed || sealed.v !== 1) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
