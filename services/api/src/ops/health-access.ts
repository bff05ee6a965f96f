import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '#platform/config/app-config.js';
import { AdminGuard, bearerToken, type AdminRequest } from '../auth/admin.guard.js';
import { APP_CONFIG } from '../common/tokens.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /health's figures (log head, projection positions and counts, free disk): staff
 * whose role holds metrics.read, or a monitor sending HEALTH_TOKEN as its bearer token. Everyone
 * else learns the verdict and which part fails, nothing that counts the shop's traffic.
 */
@Injectable()
export class HealthAccess {
  private readonly monitorToken: Buffer | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly staff: AdminGuard,
  ) {
    this.monitorToken = config.healthToken ? digest(config.healthToken) : undefined;
  }

  async seesFigures(req: AdminRequest, res: Response): Promise<boolean> {
    const token = bearerToken(req);
    if (!token) return false;
    // Compared as digests: equal lengths for timingSafeEqual, and no early exit on a prefix.
    if (this.monitorToken && timingSafeEqual(digest(token), this.monitorToken)) return true;
    return this.staff.admit(req, res, 'metrics.read').then(
      () => true,
      () => false,
    );
  }
}
