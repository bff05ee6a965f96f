import { Module } from '@nestjs/common';
import { EventStoreIdentityCheck } from './event-store-identity.check.js';
import { HealthAccess } from './health-access.js';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';
import { ProjectionGauges } from './projection-gauges.js';
import { ShopHealth } from './shop-health.service.js';

@Module({ controllers: [HealthController, MetricsController], providers: [EventStoreIdentityCheck, HealthAccess, ShopHealth, ProjectionGauges] })
export class OpsModule {}
