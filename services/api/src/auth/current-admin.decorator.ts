import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AdminRequest } from './admin.guard.js';
import type { AdminPrincipal } from './admin-token.service.js';

/** The signed-in admin ({ username, role }) on a route guarded by @AdminOnly(). */
export const CurrentAdmin = createParamDecorator((_data: unknown, ctx: ExecutionContext): AdminPrincipal | undefined => {
  return ctx.switchToHttp().getRequest<AdminRequest>().admin;
});
