import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from './admin.guard.js';

/** Put on an admin controller (or handler): bearer token with role ADMIN required, 401 otherwise. */
export function AdminOnly(): ClassDecorator & MethodDecorator {
  return applyDecorators(UseGuards(AdminGuard), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'Missing, tampered or expired admin token' }));
}
