/**
 * A staff member's role as the audit screens show it beside their name. "unknown" is a change
 * recorded before events named the role: said as such, never guessed from today's staff list.
 */
export function staffRoleLabel(role: string | null | undefined): string {
  return role && role !== 'unknown' ? role : 'role not recorded';
}

/** "sara (agent)": who did it and the role they held then. */
export function staffMemberLabel(username: string, role: string | null | undefined): string {
  return `${username} (${staffRoleLabel(role)})`;
}
