import type { ReactNode } from 'react';
import { can, type Permission } from '../../../../libs/domain/src/admin/staff-permissions';
import { sessionStaffRole } from './admin-session';
import { ForbiddenPage } from './forbidden-page';

/** A page for the roles holding `permission`; anyone else sees the forbidden page, never a blank one or a redirect loop. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const role = sessionStaffRole();
  return role && can(role, permission) ? <>{children}</> : <ForbiddenPage />;
}
