import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { Registry } from 'prom-client';
import type { AppConfig } from '#platform/config/app-config.js';
import { AdminModule } from './admin/admin.module.js';
import { WhatIfModule } from './admin/what-if/what-if.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BudgetsModule } from './budgets/budgets.module.js';
import { CartModule } from './cart/cart.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { EventPositionInterceptor } from './common/event-position.interceptor.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { PositionTokens } from './common/position-token.js';
import { APP_CONFIG } from './common/tokens.js';
import { WaitForPositionInterceptor } from './common/wait-for-position.interceptor.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { OpsModule } from './ops/ops.module.js';
import { ReadsModule } from './reads/reads.module.js';
import { TrackingModule } from './tracking/tracking.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

export interface AppModuleOptions {
  metricsRegistry?: Registry;
  /** Extra modules (tests, feature modules added by other engineers later). */
  imports?: DynamicModule['imports'];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        InfrastructureModule.forRoot(config, { metricsRegistry: options.metricsRegistry }),
        AuthModule,
        // Per-client budgets of anonymous writes.
        BudgetsModule,
        OpsModule,
        CatalogModule,
        ReadsModule,
        CartModule,
        AdminModule,
        // What-if promotions: a draft discount replayed over past orders.
        WhatIfModule,
        UploadsModule,
        TrackingModule,
        ...(options.imports ?? []),
      ],
      providers: [
        { provide: PositionTokens, useFactory: (c: AppConfig) => new PositionTokens(c.jwtSecret), inject: [APP_CONFIG] },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: WaitForPositionInterceptor },
        { provide: APP_INTERCEPTOR, useClass: EventPositionInterceptor },
      ],
    };
  }
}
