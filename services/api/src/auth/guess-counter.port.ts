/**
 * Counts guesses of one secret (a second-factor code, the password from one device) in a fixed
 * window, in a store every API process shares: Redis when REDIS_URL is set, PostgreSQL otherwise
 * (staff_auth.guess_counts). A restart neither resets a count nor does a second process double it.
 * A guess is counted when it starts, before it is checked, so parallel guesses cannot slip in.
 */
export interface GuessLimit {
  /** Guesses a window allows. */
  limit: number;
  /** The window starts with its first guess. */
  windowMs: number;
}

export type GuessTaken =
  | { allowed: true; /** This guess's number in the window (1 = the first). */ count: number; /** When the window ends, ms since the epoch. */ windowEndsAt: number }
  | { allowed: false; retryAfterMs: number };

export interface GuessCounter {
  /** Counts one guess of the key now, or refuses: the window is full until retryAfterMs from now. */
  take(key: string, limit: GuessLimit): Promise<GuessTaken>;
  /** Gives back a guess that was not a wrong one (right, or never checked). */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

export const GUESS_COUNTER = Symbol('GUESS_COUNTER');
