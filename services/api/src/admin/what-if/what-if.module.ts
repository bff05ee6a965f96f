import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { ShopRules } from '#domain/shop-config.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { SHOP_RULES } from '../../catalog/shop-rules.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { AdminWhatIfController } from './admin-what-if.controller.js';
import { WHAT_IF_JOB, whatIfProcessor } from './what-if-job.js';

/** What-if promotions: the controller and the job's processor (registered before the queue starts). */
@Module({ controllers: [AdminWhatIfController] })
export class WhatIfModule implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
  ) {}

  onModuleInit(): void {
    this.jobs.register(WHAT_IF_JOB, whatIfProcessor({ store: this.store, rules: this.rules }));
  }
}
