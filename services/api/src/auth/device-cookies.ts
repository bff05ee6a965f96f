import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { AdminTokenService, TRUSTED_DEVICE_SECONDS, type TrustedDevice } from './admin-token.service.js';
import { GUESS_COUNTER, type GuessCounter, type GuessLimit } from './guess-counter.port.js';
import type { Outcome } from './login-rate-limiter.js';

/** Wrong passwords a trusted device may send before it is trusted no more. */
export const DEVICE_GUESSES: GuessLimit = { limit: 5, windowMs: TRUSTED_DEVICE_SECONDS * 1000 };

export interface DeviceGuess {
  settle(outcome: Outcome): Promise<void>;
}

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"). A device that
 * completed a sign-in keeps a signed cookie naming the account and a device id of its own. Its
 * password guesses count against that device alone (in the shared GuessCounter), never against
 * the account's or the address's limits, so nobody guessing elsewhere, or behind the same
 * address, can lock the owner out of their own laptop. Five wrong passwords revoke the cookie:
 * the device is then as untrusted as any other. Each completed sign-in issues a fresh one.
 */
@Injectable()
export class DeviceCookies {
  constructor(
    private readonly tokens: AdminTokenService,
    @Inject(GUESS_COUNTER) private readonly counter: GuessCounter,
  ) {}

  /** The device the request's cookie names for this account, when this server signed it. */
  presented(req: Request, username: string): TrustedDevice | undefined {
    const value = (req as Request & { cookies?: Record<string, unknown> }).cookies?.[deviceCookieName(username)];
    const device = typeof value === 'string' && value.length <= 2000 ? this.tokens.verifyDevice(value) : undefined;
    return device && device.username.toLowerCase() === username.toLowerCase() ? device : undefined;
  }

  /** Counts one password guess against the device; undefined once it is revoked (it then counts as untrusted). */
  async begin(device: TrustedDevice, req: Request, res: Response): Promise<DeviceGuess | undefined> {
    const key = `device:${device.deviceId}`;
    const taken = await this.counter.take(key, DEVICE_GUESSES);
    if (!taken.allowed) {
      this.forget(device.username, req, res);
      return undefined;
    }
    let settled = false;
    return {
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        if (outcome !== 'failure') await this.counter.refund(key);
        else if (taken.count >= DEVICE_GUESSES.limit) this.forget(device.username, req, res);
      },
    };
  }

  /** After a completed sign-in: a fresh device id, so earlier wrong passwords of this device no longer count. */
  issue(username: string, req: Request, res: Response): void {
    const value = this.tokens.signDevice({ username, deviceId: randomUUID() });
    res.cookie(deviceCookieName(username), value, { ...cookieOptions(req), maxAge: TRUSTED_DEVICE_SECONDS * 1000 });
  }

  private forget(username: string, req: Request, res: Response): void {
    res.clearCookie(deviceCookieName(username), cookieOptions(req));
  }
}

/** One cookie per account, so staff sharing a computer each keep theirs; the name does not spell the username. */
export function deviceCookieName(username: string): string {
  return `staff_device_${createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 16)}`;
}

function cookieOptions(req: Request): CookieOptions {
  // Sent only with the back-office's own sign-in requests, never to scripts or other sites.
  return { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/api/admin' };
}
