import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { rolesWith, type Permission } from '#domain/admin/staff-permissions.js';
import { AdminGuard } from './admin.guard.js';

export const PERMISSION_METADATA = 'staff:permission';

/**
 * Put on an admin controller (or handler): a bearer token of a current staff session is required
 * (401 otherwise), and the staff member's role must hold the permission (403 otherwise). Without
 * a permission here, every handler needs its own @Requires: the guard refuses a route that names
 * none, and the OpenAPI document does not build.
 */
export function AdminOnly(permission?: Permission): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, tampered or expired admin token' }),
    ApiForbiddenResponse({ description: 'The staff role may not do this' }),
    ...(permission ? [Requires(permission)] : []),
  );
}

/**
 * The permission a handler (or every handler of a controller) needs, also written into the
 * OpenAPI document as `x-permission` with the roles holding it (`x-roles`), both from the one map.
 * A handler's own permission wins over its controller's.
 */
export function Requires(permission: Permission): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(PERMISSION_METADATA, permission), ApiExtension('x-permission', permission), ApiExtension('x-roles', rolesWith(permission)));
}
