import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { adminUserDecider } from '#domain/admin/admin-user.decider.js';
import { adminStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { setActor } from '../common/request-context.js';
import { GUESS_COUNTER, type GuessCounter, type GuessLimit } from './guess-counter.port.js';

/** Five wrong codes (app or recovery) per account in fifteen minutes, whatever else happens meanwhile. */
export const SECOND_FACTOR_GUESSES: GuessLimit = { limit: 5, windowMs: 15 * 60_000 };

export interface SecondFactorGuess {
  /** Right: the guess is given back. Wrong: it stays counted. Never checked (an error): given back. */
  settle(outcome: 'right' | 'wrong' | 'unchecked'): Promise<void>;
}

/**
 * The second factor's own count of wrong codes, per account and per challenge, apart from the
 * password's limits: a right password forgives nothing here, so someone holding it cannot cycle
 * sign-ins for fresh guesses. Counted in the shared store (GuessCounter) before the code is
 * checked. The guess that fills the account's window records a lockout on the member's stream,
 * which the owner sees on Staff activity.
 */
@Injectable()
export class SecondFactorGuesses {
  private readonly logger = new Logger('SecondFactorGuesses');

  constructor(
    @Inject(GUESS_COUNTER) private readonly counter: GuessCounter,
    private readonly executor: DeciderExecutor,
  ) {}

  /** Counts one code against the account and the challenge, or answers 429 with Retry-After. */
  async begin(username: string, challenge: string, res: Response): Promise<SecondFactorGuess> {
    const account = `second-factor:account:${username.toLowerCase()}`;
    const ofChallenge = `second-factor:challenge:${createHash('sha256').update(challenge).digest('hex')}`;
    const taken = await this.counter.take(account, SECOND_FACTOR_GUESSES);
    if (!taken.allowed) refuse(res, taken.retryAfterMs);
    const perChallenge = await this.counter.take(ofChallenge, SECOND_FACTOR_GUESSES);
    if (!perChallenge.allowed) {
      await this.counter.refund(account);
      refuse(res, perChallenge.retryAfterMs);
    }
        let settled = false;
    return {
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        if (outcome !== 'wrong') {
          await Promise.all([this.counter.refund(account), this.counter.refund(ofChallenge)]);
          return;
        }
        if (taken.count === SECOND_FACTOR_GUESSES.limit) await this.recordLockout(username, new Date(taken.windowEndsAt));
      },
    };
  }

  private async recordLockout(username: string, until: Date): Promise<void> {
    setActor({ kind: 'system', id: 'api' });
    try {
      await this.executor.execute({ stream: adminStream(username), decider: adminUserDecider, command: { type: 'RecordStaffTwoFactorLockout', data: { username, until: until.toISOString() } } });
    } catch (e) {
      // The lockout holds without its record; the guesser still gets their 401.
      this.logger.warn(`could not record the second-factor lockout of ${username}: ${(e as Error).message}`);
    }
  }
}

function refuse(res: Response, retryAfterMs: number): never {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw new HttpException('Too many wrong codes. Please wait a few minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
}
