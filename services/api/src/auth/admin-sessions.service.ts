import { Injectable } from '@nestjs/common';
import { adminUserDecider } from '#domain/admin/admin-user.decider.js';
import type { StaffRole } from '#domain/admin/staff-permissions.js';
import { adminStream } from '#domain/streams.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';

export interface AdminSessionState {
  exists: boolean;
  generation: number;
  role: StaffRole;
  disabled: boolean;
  mustChangePassword: boolean;
}

/**
 * Which session generation of an admin is current, and their role and standing, read from the
 * admin's stream on every guarded call. No cache: a cache would let a revoked token keep working on the other replicas
 * for as long as it lived. The read is cheap next to the rest of the call: measured on a
 * 2-core machine, ~0.23 ms for the stream read against ~0.75 ms for verifying and re-signing
 * the JWT, in a guarded call of ~3.5 ms over HTTP. Concurrent calls for one admin share a read.
 */
@Injectable()
export class AdminSessionsService {
  private readonly inFlight = new Map<string, Promise<AdminSessionState>>();

  constructor(private readonly executor: DeciderExecutor) {}

  current(username: string): Promise<AdminSessionState> {
    const name = username.trim();
    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = this.executor
        .load(adminStream(name), adminUserDecider)
        .then(({ state }) => ({
          exists: state.exists,
          generation: state.sessionGeneration,
          role: state.role ?? 'owner',
          disabled: state.disabled,
          mustChangePassword: state.mustChangePassword,
        }))
        .finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    return pending;
  }

  /** Logout: ends every token of the admin, on every replica; answers the new generation. */
  async revoke(username: string): Promise<number> {
    const { state } = await this.executor.execute({
      stream: adminStream(username),
      decider: adminUserDecider,
      command: { type: 'RevokeAdminSessions', data: { username: username.trim() } },
      // Two logouts at once (two tabs) both mean "end everything": retry the loser.
      retries: 3,
    });
    return state.sessionGeneration;
  }
}
