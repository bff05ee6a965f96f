import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { UNRECORDED_ROLE, type StaffActor } from '#domain/admin/staff-actor.js';
import type { StaffRole } from '#domain/admin/staff-permissions.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../common/tokens.js';

export interface AdminPrincipal {
  username: string;
  /** Every staff member signs in to the one back-office the public contract calls ADMIN. */
  role: 'ADMIN';
  /**
   * What the staff member may do, read from their stream on every request (never from the token),
   * so a role change or a disabled account takes effect on the next request.
   */
  staffRole?: StaffRole;
  /**
   * The admin's session generation when the token was issued (claim `sgen`). A logout or a
   * password change moves the admin to the next generation, which ends every older token.
   * Absent means 0: the generation of an admin who never logged out.
   */
  sessionGeneration?: number;
  /**
   * The sign-in this token belongs to (claim `sid`): a row of staff_auth.sessions, which the guard
   * checks on every request, so one session can be ended without the others.
   */
  sessionId?: string;
}

/** Proof that the password was right, waiting for the second factor: not a bearer token. */
export interface SecondFactorChallenge {
  username: string;
  sessionGeneration: number;
}

/** A device that completed a sign-in: the account it signed in to, and its own id (whose wrong passwords are counted). */
export interface TrustedDevice {
  username: string;
  deviceId: string;
}

/** How long a device stays trusted after its last completed sign-in. */
export const TRUSTED_DEVICE_SECONDS = 180 * 24 * 3600;
const DEVICE_PURPOSE = 'trusted-device';

/** How long the second step of a sign-in may take after the password. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_PURPOSE = 'second-factor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The staff member as their events record them: the role the guard read from their stream for this request. */
export function staffActorOf(admin: AdminPrincipal): StaffActor {
  return { username: admin.username, role: admin.staffRole ?? UNRECORDED_ROLE };
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
    // `srole` only tells the web which pages to show; the server reads the role from the stream.
    const claims = {
      role: principal.role,
      sgen: principal.sessionGeneration ?? 0,
      ...(principal.sessionId ? { sid: principal.sessionId } : {}),
      ...(principal.staffRole ? { srole: principal.staffRole } : {}),
    };
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: principal.username,
      expiresIn: lifetimeSeconds,
    });
  }

  /**
   * The principal, or undefined for a missing, tampered, expired or non-admin token. The
   * signature alone does not make it current: the guard also compares its session generation.
   */
  verify(token: string): AdminPrincipal | undefined {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload.role !== 'ADMIN' || typeof payload.sub !== 'string' || !payload.sub) return undefined;
      const sgen = payload.sgen ?? 0;
      if (!Number.isSafeInteger(sgen) || sgen < 0) return undefined;
      const sid = typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : undefined;
      return { username: payload.sub, role: 'ADMIN', sessionGeneration: sgen, sessionId: sid };
    } catch {
      return undefined;
    }
  }

  /** A short-lived proof of the password, exchanged with a code for a session; it opens no admin route (no role). */
  signChallenge(challenge: SecondFactorChallenge): string {
    return jwt.sign({ purpose: CHALLENGE_PURPOSE, sgen: challenge.sessionGeneration }, this.secret, {
      algorithm: 'HS256',
      subject: challenge.username,
      expiresIn: SECOND_FACTOR_CHALLENGE_SECONDS,
    });
  }

  /** The device cookie's value: signed, naming the account; it opens nothing by itself (no role, no purpose a guard accepts). */
  signDevice(device: TrustedDevice): string {
    return jwt.sign({ purpose: DEVICE_PURPOSE, did: device.deviceId }, this.secret, {
      algorithm: 'HS256',
      subject: device.username,
      expiresIn: TRUSTED_DEVICE_SECONDS,
    });
  }

  verifyDevice(token: string): TrustedDevice | undefined {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload.purpose !== DEVICE_PURPOSE || payload.role !== undefined || typeof payload.sub !== 'string' || !payload.sub) return undefined;
      if (typeof payload.did !== 'string' || !UUID.test(payload.did)) return undefined;
      return { username: payload.sub, deviceId: payload.did };
    } catch {
      return undefined;
    }
  }

  verifyChallenge(token: string): SecondFactorChallenge | undefined {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload.purpose !== CHALLENGE_PURPOSE || payload.role !== undefined || typeof payload.sub !== 'string' || !payload.sub) return undefined;
      if (!Number.isSafeInteger(payload.sgen) || payload.sgen < 0) return undefined;
      return { username: payload.sub, sessionGeneration: payload.sgen };
    } catch {
      return undefined;
    }
  }
}
