/**
 * What a new staff member's username may be: it names their stream and appears in every audit
 * line, so it is a short handle, not a person's full name: 3 to 32 lower-case letters, digits,
 * dots, hyphens or underscores, starting with a letter.
 */
export const STAFF_USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/;
export const STAFF_USERNAME_RULE = 'Username must be 3 to 32 lower-case letters, digits, dots, hyphens or underscores, starting with a letter';

export function isValidStaffUsername(value: unknown): value is string {
  return typeof value === 'string' && STAFF_USERNAME_PATTERN.test(value);
}

/** Passwords (one-time or chosen): long enough to resist the rate-limited guessing at sign-in. */
export const STAFF_PASSWORD_MIN_LENGTH = 8;
export const STAFF_PASSWORD_MAX_LENGTH = 200;
