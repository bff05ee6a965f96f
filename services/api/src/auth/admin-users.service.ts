import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { adminStream } from '#domain/streams.js';
import type { AdminUserEvent } from '#domain/admin/events.js';
import { WrongExpectedRevision, type EventStore } from '#event-store/event-store.port.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { eventMetadata } from '../common/execute-decider.js';
import { runWithContext } from '../common/request-context.js';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens.js';
import type { AdminPrincipal } from './admin-token.service.js';

interface AdminUserState {
  username: string;
  passwordHash: string;
}

// Verifying against this when the user does not exist keeps the timing of "no such user" and
// "wrong password" alike, so login does not reveal which usernames exist.
const DUMMY_HASH_INPUT = 'not-a-real-password';

/** Admin users live in admin-<username> streams; the first one comes from ADMIN_USERNAME / ADMIN_PASSWORD. */
@Injectable()
export class AdminUsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminUsers');
  private dummyHash: Promise<string> | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
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
    if (await this.find(name)) return false;
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    const event: AdminUserEvent = { type: 'AdminUserRegistered', data: { username: name, passwordHash, role: 'ADMIN' } };
    try {
      await this.store.append(adminStream(name), [{ id: randomUUID(), type: event.type, data: event.data, metadata: eventMetadata() }], {
        expectedRevision: 'no_stream',
      });
      return true;
    } catch (e) {
      if (e instanceof WrongExpectedRevision) return false; // another replica registered it first
      throw e;
    }
  }

  async verify(username: string, password: string): Promise<AdminPrincipal | undefined> {
    const name = username.trim();
    const user = name ? await this.find(name) : undefined;
    if (!user) {
      this.dummyHash ??= argon2.hash(DUMMY_HASH_INPUT);
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return undefined;
    }
    const ok = await argon2.verify(user.passwordHash, password).catch(() => false);
    return ok ? { username: user.username, role: 'ADMIN' } : undefined;
  }

  private async find(username: string): Promise<AdminUserState | undefined> {
    const events = await this.store.readStream(adminStream(username));
    let state: AdminUserState | undefined;
    for (const e of events as unknown as AdminUserEvent[]) {
      if (e.type === 'AdminUserRegistered') state = { username: e.data.username, passwordHash: e.data.passwordHash };
      else if (e.type === 'AdminPasswordChanged' && state) state = { ...state, passwordHash: e.data.passwordHash };
    }
    return state;
  }
}
