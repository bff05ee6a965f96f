import { Global, Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard.js';
import { AdminSessionsService } from './admin-sessions.service.js';
import { AdminTokenService } from './admin-token.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { AuthController } from './auth.controller.js';
import { defaultLoginThrottle, LoginThrottle } from './login-rate-limiter.js';
import { StaffSessionsController } from './staff-sessions.controller.js';
import { StaffSessionsRepository } from './staff-sessions.repository.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorService } from './two-factor.service.js';

/** Global so @AdminOnly() (AdminGuard) resolves in every module without importing this one. */
@Global()
@Module({
  controllers: [AuthController, StaffSessionsController, TwoFactorController],
  providers: [
    AdminTokenService,
    AdminSessionsService,
    AdminGuard,
    AdminUsersService,
    StaffSessionsRepository,
    TwoFactorService,
    // One count of guesses per process for passwords and second-factor codes alike.
    { provide: LoginThrottle, useFactory: () => defaultLoginThrottle() },
  ],
  exports: [AdminTokenService, AdminSessionsService, AdminGuard, AdminUsersService, StaffSessionsRepository],
})
export class AuthModule {}
