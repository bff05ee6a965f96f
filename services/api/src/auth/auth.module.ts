import { Global, Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard.js';
import { AdminSessionsService } from './admin-sessions.service.js';
import { AdminTokenService } from './admin-token.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { AuthController } from './auth.controller.js';

/** Global so @AdminOnly() (AdminGuard) resolves in every module without importing this one. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AdminTokenService, AdminSessionsService, AdminGuard, AdminUsersService],
  exports: [AdminTokenService, AdminSessionsService, AdminGuard, AdminUsersService],
})
export class AuthModule {}
