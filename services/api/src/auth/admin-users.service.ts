import { Injectable, Logger, type OnApplicationBootstrap, Inject } from '@nestjs/common';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { adminUserDecider, type AdminUserState } from '#domain/admin/admin-user.decider.js';
import type { AdminUserCommand } from '#domain/admin/commands.js';
import type { StaffRole } from '#domain/admin/staff-permissions.js';
import { adminStream } from '#domain/streams.js';
import { WrongExpectedRevision } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { runWithContext } from '../common/request-context.js';
import { APP_CONFIG } from '../common/tokens.js';
import type { AdminPrincipal } from './admin-token.service.js';
import { StaffSessionsRepository } from './staff-sessions.repository.js';

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
    private readonly signIns: StaffSessionsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminUsername, adminPassword } = this.config;
    // `npm start` passes no password once the first admin changed the generated one.
    if (adminUsername && !adminPassword && (await this.executor.load(adminStream(adminUsername.trim()), adminUserDecider)).state.exists) return;
    if (!adminUsername || !adminPassword) {
      this.logger.warn('ADMIN_USERNAME / ADMIN_PASSWORD not set: no admin is registered at boot');
      return;
    }
    const created = await runWithContext({ requestId: `boot-${randomUUID()}`, actor: { kind: 'system', id: 'api' } }, () =>
      this.register(adminUsername, adminPassword),
    );
    if (created) this.logger.log(`registered the first admin "${adminUsername.trim()}"`);
    // A change whose process died before the file went, or a key backup restored with it.
    else if (this.config.adminPasswordFile && !(await this.verify(adminUsername, adminPassword))) await this.retireGeneratedPassword();
  }

  /** The generated first password is no longer the first admin's: its file goes (ENOENT is fine). */
  private async retireGeneratedPassword(): Promise<void> {
    const file = this.config.adminPasswordFile;
    if (!file) return;
    await rm(file, { force: true });
    this.logger.log(`deleted ${file}: the first admin's password has been changed`);
  }

  /** Registers a new admin; false when that username already exists (its password is left alone). */
  async register(username: string, password: string): Promise<boolean> {
    const name = username.trim();
    const { state } = await this.executor.load(adminStream(name), adminUserDecider);
    if (state.exists) return false;
    const passwordHash = await hash(password);
    try {
      await this.executor.execute({ stream: adminStream(name), decider: adminUserDecider, command: { type: 'RegisterAdminUser', data: { username: name, passwordHash } } });
      return true;
    } catch (e) {
      // Another replica registered it between our read and our append.
      if (e instanceof WrongExpectedRevision || (e as { code?: string }).code === 'ADMIN_EXISTS') return false;
      throw e;
    }
  }

  /** The admin whose password this is (disabled or not: the caller says why it refuses), else undefined. */
  async verify(username: string, password: string): Promise<VerifiedAdmin | undefined> {
    const name = username.trim();
    const user = name ? (await this.executor.load(adminStream(name), adminUserDecider)).state : undefined;
    if (!user?.exists) {
      this.dummyHash ??= argon2.hash(DUMMY_HASH_INPUT);
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return undefined;
    }
    const ok = await argon2.verify(user.passwordHash, password).catch(() => false);
    return ok ? { principal: principalOf(user), disabled: user.disabled, mustChangePassword: user.mustChangePassword } : undefined;
  }

  /**
   * Stores the new hash and, in the same append, ends every session of the admin (the decider
   * emits AdminSessionsRevoked with the change), but the one it was changed from (`keepSessionId`),
   * whose rows on the sessions page end too. Answers the principal of the new generation.
   */
  async changePassword(username: string, newPassword: string, keepSessionId?: string): Promise<AdminPrincipal> {
    const name = username.trim();
    const passwordHash = await hash(newPassword);
    const { state } = await this.executor.execute({
      stream: adminStream(name),
      decider: adminUserDecider,
      command: { type: 'ChangeAdminPassword', data: { username: name, passwordHash } },
    });
    await this.signIns.endAllOf(name, name, keepSessionId);
    if (name === this.config.adminUsername?.trim()) await this.retireGeneratedPassword();
    return { ...principalOf(state), sessionId: keepSessionId };
  }

  /** A new staff member with a one-time password; the actor is the signed-in owner. */
  async create(username: string, role: StaffRole, oneTimePassword: string, by: string): Promise<AdminUserState> {
    const passwordHash = await hash(oneTimePassword);
    return this.run(username, { type: 'CreateStaffMember', data: { username, role, passwordHash, by } });
  }

  async changeRole(username: string, role: StaffRole, by: string): Promise<AdminUserState> {
    return this.run(username, { type: 'ChangeStaffRole', data: { username, role, by } });
  }

  async disable(username: string, by: string): Promise<AdminUserState> {
    const state = await this.run(username, { type: 'DisableStaffMember', data: { username, by } });
    await this.signIns.endAllOf(state.username, by);
    return state;
  }

  async enable(username: string, by: string): Promise<AdminUserState> {
    return this.run(username, { type: 'EnableStaffMember', data: { username, by } });
  }

  async resetPassword(username: string, oneTimePassword: string, by: string): Promise<AdminUserState> {
    const passwordHash = await hash(oneTimePassword);
    const state = await this.run(username, { type: 'ResetStaffPassword', data: { username, passwordHash, by } });
    await this.signIns.endAllOf(state.username, by);
    if (state.username === this.config.adminUsername?.trim()) await this.retireGeneratedPassword();
    return state;
  }

  private async run(username: string, command: AdminUserCommand): Promise<AdminUserState> {
    const { state } = await this.executor.execute({ stream: adminStream(username), decider: adminUserDecider, command });
    return state;
  }
}

export interface VerifiedAdmin {
  principal: AdminPrincipal;
  disabled: boolean;
  mustChangePassword: boolean;
}

function hash(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

function principalOf(state: AdminUserState): AdminPrincipal {
  return { username: state.username, role: 'ADMIN', staffRole: state.role ?? 'owner', sessionGeneration: state.sessionGeneration };
}
