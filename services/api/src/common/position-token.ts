import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import { secureRandomBytes } from '#platform/crypto/random-bytes.js';
import { formatPosition, parsePosition, type Position } from '#event-store/event-store.port.js';

/**
 * The read-your-writes token anonymous answers carry in X-Event-Position instead of the raw log
 * position: a raw position tells anyone how much the shop sells (two carts a minute apart give
 * the traffic in between). The token is the position sealed with AES-256-GCM under a key derived
 * from JWT_SECRET, so it hides the number (a fresh random nonce each time: two tokens of one
 * position differ) and cannot be altered into another position.
 *
 * Sealed rather than a random id mapped in a store: nothing to keep or expire, and any API
 * process holding the same JWT_SECRET opens a token another one sealed (behind a load balancer
 * the next read often lands elsewhere). A process with a generated secret opens only its own
 * tokens; another's is ignored and the read answers without waiting, as after the wait's timeout.
 */

const PREFIX = 'rw1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** A position as text (`commit/prepare`, each at most a sign and 20 digits, as parsePosition reads it), padded. */
const BODY_BYTES = 43;
/** Every token has this length: the length tells nothing either. */
export const POSITION_TOKEN_LENGTH = PREFIX.length + Math.ceil(((NONCE_BYTES + BODY_BYTES + TAG_BYTES) * 4) / 3);

export class PositionTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, not JWT_SECRET itself: a token and a JWT never share key material.
    this.key = Buffer.from(hkdfSync('sha256', secret, 'poster-shop', 'read-your-writes token v1', 32));
  }

  seal(position: Position): string {
    const body = Buffer.from(formatPosition(position).padEnd(BODY_BYTES), 'latin1');
    const nonce = secureRandomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([nonce, cipher.update(body), cipher.final(), cipher.getAuthTag()]);
    return PREFIX + sealed.toString('base64url');
  }

  /** The position a token of ours holds; undefined for anything else (forged, altered, another secret's). */
  open(token: string): Position | undefined {
    if (token.length !== POSITION_TOKEN_LENGTH || !token.startsWith(PREFIX)) return undefined;
    const sealed = Buffer.from(token.slice(PREFIX.length), 'base64url');
    if (sealed.length !== NONCE_BYTES + BODY_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(sealed.subarray(NONCE_BYTES + BODY_BYTES));
      const body = Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, NONCE_BYTES + BODY_BYTES)), decipher.final()]);
      return parsePosition(body.toString('latin1'));
    } catch {
      return undefined;
    }
  }
}
