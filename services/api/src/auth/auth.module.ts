import { Global, Inject, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '#platform/config/app-config.js';
import { APP_CONFIG } from '../common/tokens.js';
import { AdminGuard } from './admin.guard.js';
import { AdminSessionsService } from './admin-sessions.service.js';
import { AdminTokenService } from './admin-token.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { AuthController } from './auth.controller.js';
import { DeviceCookies } from './device-cookies.js';
import { GUESS_COUNTER, type GuessCounter } from './guess-counter.port.js';
import { defaultLoginThrottle, LoginThrottle } from './login-rate-limiter.js';
import { PgGuessCounter } from './pg-guess-counter.js';
import { RedisGuessCounter } from './redis-guess-counter.js';
import { SecondFactorGuesses } from './second-factor-guesses.js';
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
    SecondFactorGuesses,
    DeviceCookies,
    {
      provide: GUESS_COUNTER,
      inject: [APP_CONFIG, DataSource],
      useFactory: async (config: AppConfig, db: DataSource): Promise<GuessCounter> => {
        const inPostgres = new PgGuessCounter(db);
        if (!config.redisUrl) return inPostgres;
        const store = new RedisGuessCounter(config.redisUrl, inPostgres);
        await store.connect().catch((e: unknown) => new Logger('GuessCounter').warn(`Redis not reachable at start, guess counts kept in PostgreSQL: ${(e as Error).message}`));
        return store;
      },
    },
    // Password guesses, per process; second-factor codes are counted in the shared store (SecondFactorGuesses).
    { provide: LoginThrottle, useFactory: () => defaultLoginThrottle() },
  ],
  exports: [AdminTokenService, AdminSessionsService, AdminGuard, AdminUsersService, StaffSessionsRepository],
})
export class AuthModule implements OnModuleDestroy {
  constructor(@Inject(GUESS_COUNTER) private readonly guesses: GuessCounter) {}

  async onModuleDestroy(): Promise<void> {
    await this.guesses.close();
  }
}
