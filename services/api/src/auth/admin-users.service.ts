import { Injectable, Logger, type OnApplicationBootstrap, Inject } from '@nestjs/common';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { adminUserDecider } from '#domain/admin/admin-user.decider.js';
import { adminStream } from '#domain/streams.js';
import { WrongExpectedRevision } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { runWithContext } from '../common/request-context.js';
import { APP_CONFIG } from '../common/tokens.js';
import type { AdminPrincipal } from './admin-token.service.js';

// Verifying against this when the user does not exist keeps the timing of "no such user" and
// "wrong password" alike, so login does not reveal which usernames exist.
const DUMMY_HASH_INPUT = 'not-a-real-password';

/** Admin users live in admin-<username> streams; the first one comes from ADMIN_USERNAME / ADMIN_PASSWORD. */
@Injectable()
export class AdminUsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminUsers');
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminUsername, adminPassword } = this.config;
    if (!adminUsername || !adminPassword) {
      this.logger.warn('ADMIN_USERNAME / ADMIN_PASSWORD not set: no admin is registered at boot');
      return;
    }
    const created = await runWithContext({ requestId: `boot-${randomUUID()}`, actor: { kind: 'system', id: 'api' } }, () =>
      this.register(adminUsername, adminPassword),
    );
    if (created) this.logger.log(`registered the first admin "${adminUsername.trim()}"`);
  }

  /** Registers a new admin; false when that username already exists (its password is left alone). */
  async register(username: string, password: string): Promise<boolean> {
    const name = username.trim();
    const { state } = await this.executor.load(adminStream(name), adminUserDecider);
    if (state.exists) return false;
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    try {
      await this.executor.execute({ stream: adminStream(name), decider: adminUserDecider, command: { type: 'RegisterAdminUser', data: { username: name, passwordHash } } });
      return true;
    } catch (e) {
      // Another replica registered it between our read and our append.
      if (e instanceof WrongExpectedRevision || (e as { code?: string }).code === 'ADMIN_EXISTS') return false;
      throw e;
    }
  }

  async verify(username: string, password: string): Promise<AdminPrincipal | undefined> {
    const name = username.trim();
    const user = name ? (await this.executor.load(adminStream(name), adminUserDecider)).state : undefined;
    if (!user?.exists) {
      this.dummyHash ??= argon2.hash(DUMMY_HASH_INPUT);
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return undefined;
    }
    const ok = await argon2.verify(user.passwordHash, password).catch(() => false);
    return ok ? { username: user.username, role: 'ADMIN', sessionGeneration: user.sessionGeneration } : undefined;
  }

  /**
   * Stores the new hash and, in the same append, ends every session of the admin (the decider
   * emits AdminSessionsRevoked with the change). Answers the principal of the new generation.
   */
  async changePassword(username: string, newPassword: string): Promise<AdminPrincipal> {
    const name = username.trim();
    const passwordHash = await argon2.hash(newPassword, { type: argon2.argon2id });
    const { state } = await this.executor.execute({
      stream: adminStream(name),
      decider: adminUserDecider,
      command: { type: 'ChangeAdminPassword', data: { username: name, passwordHash } },
    });
    return { username: state.username, role: 'ADMIN', sessionGeneration: state.sessionGeneration };
  }
}
