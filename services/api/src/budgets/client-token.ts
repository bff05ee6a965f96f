import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '#platform/config/app-config.js';
import { secureRandomBytes } from '#platform/crypto/random-bytes.js';
import { APP_CONFIG } from '../common/tokens.js';
import { clientOf } from './client-address.js';
import { ClientBudgets } from './client-budgets.service.js';

export const CLIENT_TOKEN_COOKIE = 'shop-client';
/** A browser keeps its token for a year: its budget follows it, not its network. */
const MAX_AGE_MS = 365 * 24 * 60 * 60_000;
const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/**
 * The storefront's first-party client token: a random id and its HMAC, in an HttpOnly cookie. Cart
 * and checkout budgets are kept per token, so shoppers behind one address (carrier NAT, an office,
 * a proxy without TRUST_PROXY) each have their own. Nothing is stored: the signature is the proof.
 * The key is derived (HKDF) from the server's signing secret, as the staff secret box's is, so a
 * token outlives a restart exactly when JWT_SECRET does.
 */
@Injectable()
export class ClientTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'poster-shop client token', 'hmac-sha256 v1', 32));
  }

  issue(): string {
    const id = secureRandomBytes(ID_BYTES).toString('base64url');
    return `${id}.${this.mac(id).toString('base64url')}`;
  }

  /** The token's id when its signature holds; anything else (absent, forged, truncated) is no token. */
  idOf(value: unknown): string | undefined {
    const m = typeof value === 'string' ? TOKEN.exec(value) : null;
    if (!m) return undefined;
    // Compared as text: base64url's last character carries unused bits, so two spellings decode
    // to the same bytes, and only the one this side writes is its token.
    const given = Buffer.from(m[2]);
    const expected = Buffer.from(this.mac(m[1]).toString('base64url'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? m[1] : undefined;
  }

  /** The request's valid token id, from its cookie. */
  idFrom(req: Request): string | undefined {
    return this.idOf((req as Request & { cookies?: Record<string, string> }).cookies?.[CLIENT_TOKEN_COOKIE]);
  }

  private mac(id: string): Buffer {
    return createHmac('sha256', this.key).update(id).digest().subarray(0, MAC_BYTES);
  }
}

/**
 * Issues a token with a page (GET or HEAD outside /api, /uploads and /assets) to a browser without
 * a valid one. Issuing stores nothing, but each token is a fresh budget: so tokens too are counted
 * per address, and past that budget the page is served without one (the client then spends its
 * address's budget). A page is never refused for it.
 */
export function clientTokenIssuer(tokens: ClientTokens, budgets: ClientBudgets) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/(api|uploads|assets)(\/|$)/.test(req.path) || tokens.idFrom(req)) return next();
    budgets.tryToSpend('clientTokens', clientOf(req)).then(
      (allowed) => {
        if (allowed) res.cookie(CLIENT_TOKEN_COOKIE, tokens.issue(), { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure, maxAge: MAX_AGE_MS });
        next();
      },
      // The budget store failing must not fail the page: the shopper then has no token, as when over budget.
      () => next(),
    );
  };
}
