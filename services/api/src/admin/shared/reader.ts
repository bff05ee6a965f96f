import { ForbiddenException } from '@nestjs/common';
import { ROLE_PERMISSIONS, type Permission, type StaffRole } from '#domain/admin/staff-permissions.js';
import type { AdminPrincipal } from '../../auth/admin-token.service.js';

/**
 * Who reads a list or an export, for shaping what it answers: the guard sets the role on every
 * staff route from the member's stream, so a member without one reads nothing rather than everything.
 */
export function readerRole(admin: AdminPrincipal | undefined): StaffRole {
  if (!admin?.staffRole) throw new ForbiddenException('No staff role');
  return admin.staffRole;
}

export function readerPermissions(admin: AdminPrincipal | undefined): ReadonlySet<Permission> {
  return ROLE_PERMISSIONS[readerRole(admin)];
}
