import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminRequest } from '../auth/admin.guard.js';
import { HealthAccess } from './health-access.js';
import { HealthView } from './health-response.js';
import { ShopHealth } from './shop-health.service.js';

/**
 * GET /health: 200 when every part answers and every projection runs, 503 otherwise (ShopHealth
 * says which). Anyone learns the verdict and the failing parts' names; the figures only those
 * HealthAccess lets in.
 */
@ApiTags('ops')
@Controller('health')
export class HealthController {
  constructor(
    private readonly shopHealth: ShopHealth,
    private readonly access: HealthAccess,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'getHealth', description: 'Open to all, answering status and failing; the parts and their figures need a bearer token: staff holding metrics.read, or HEALTH_TOKEN. Not in security, so the role matrix does not take it for a staff-only route.' })
  @ApiOkResponse({ description: 'Ready, every projection running', type: HealthView })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down ("unavailable") or a projection failed or stalled ("degraded")', type: HealthView })
  async health(@Req() req: AdminRequest, @Res() res: Response): Promise<void> {
    const [{ status, failing, body }, figures] = await Promise.all([this.shopHealth.check(), this.access.seesFigures(req, res)]);
    // A dependency down is expected to come back: say when to ask again, like every other 503.
    if (status === 'unavailable') res.setHeader('Retry-After', '2');
    res.status(status === 'ok' ? 200 : 503).json(figures ? { ...body, failing } : { status, ...(failing.length ? { failing } : {}) });
  }
}
