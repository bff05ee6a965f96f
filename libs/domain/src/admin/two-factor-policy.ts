import { STAFF_ROLES, isStaffRole, type StaffRole } from './staff-permissions.js';

/** Who must sign in with a second factor unless configured otherwise: those who can change prices, staff and personal data. */
export const DEFAULT_TWO_FACTOR_ROLES: readonly StaffRole[] = ['owner', 'manager'];

/**
 * The roles that must use a second factor, from a setting such as `owner,manager`, `all` or
 * `none` (unset: the default). An unknown role name is refused rather than ignored: a typo must not
 * quietly turn the requirement off.
 */
export function parseTwoFactorRoles(text: string | undefined): StaffRole[] {
  if (text === undefined) return [...DEFAULT_TWO_FACTOR_ROLES];
  const words = text.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0 || (words.length === 1 && words[0] === 'none')) return [];
  if (words.length === 1 && words[0] === 'all') return [...STAFF_ROLES];
  const unknown = words.filter((w) => !isStaffRole(w));
  if (unknown.length) throw new Error(`STAFF_TWO_FACTOR_ROLES names no role ${unknown.join(', ')}: use all, none or a list of ${STAFF_ROLES.join(', ')}`);
  return STAFF_ROLES.filter((role) => words.includes(role));
}
