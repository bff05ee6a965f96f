import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../common/tokens.js';

export interface AdminPrincipal {
  username: string;
  role: 'ADMIN';
}

/** 30 minutes from the last activity: every admin call gets a fresh token (X-Renewed-Token). */
export const ADMIN_SESSION_SECONDS = 30 * 60;

/** HS256 bearer tokens for the back-office. The algorithm is pinned on verify (no "none", no RS/HS confusion). */
@Injectable()
export class AdminTokenService {
  private readonly secret: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = config.jwtSecret;
  }

  sign(principal: AdminPrincipal, lifetimeSeconds = ADMIN_SESSION_SECONDS): string {
    return jwt.sign({ role: principal.role }, this.secret, { algorithm: 'HS256', subject: principal.username, expiresIn: lifetimeSeconds });
  }

  /** The principal, or undefined for a missing, tampered, expired or non-admin token. */
  verify(token: string): AdminPrincipal | undefined {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload.role !== 'ADMIN' || typeof payload.sub !== 'string' || !payload.sub) return undefined;
      return { username: payload.sub, role: 'ADMIN' };
    } catch {
      return undefined;
    }
  }
}
