import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthView } from './health-response.js';
import { ShopHealth } from './shop-health.service.js';

/** GET /health: 200 when every part answers and every projection runs, 503 otherwise (ShopHealth says which). */
@ApiTags('ops')
@Controller('health')
export class HealthController {
  constructor(private readonly shopHealth: ShopHealth) {}

  @Get()
  @ApiOperation({ operationId: 'getHealth' })
  @ApiOkResponse({ description: 'Ready, every projection running', type: HealthView })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down ("unavailable") or a projection failed or stalled ("degraded")', type: HealthView })
  async health(@Res() res: Response): Promise<void> {
    const { status, body } = await this.shopHealth.check();
    // A dependency down is expected to come back: say when to ask again, like every other 503.
    if (status === 'unavailable') res.setHeader('Retry-After', '2');
    res.status(status === 'ok' ? 200 : 503).json(body);
  }
}
