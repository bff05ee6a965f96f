import { Module } from '@nestjs/common';
import { EventStoreIdentityCheck } from './event-store-identity.check.js';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';

@Module({ controllers: [HealthController, MetricsController], providers: [EventStoreIdentityCheck] })
export class OpsModule {}
