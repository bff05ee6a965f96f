import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { moneyOf } from '#domain/money/figures.js';
import { egpToPiastres, piastresToEgp } from '#domain/shared/money.js';
import { parsePromotionDraft, parseReplayPeriod, type PromotionDraft } from '#domain/what-if/promotion-draft.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { moneyFiguresView } from '../../common/money-figures-view.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import type { AdminPrincipal } from '../../auth/admin-token.service.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import { enqueueAdminJob, requestKeyOf } from '../shared/admin-job-bounds.js';
import { RequestWhatIfDto } from './what-if.dto.js';
import { WHAT_IF_JOB, type WhatIfJobData, type WhatIfJobResult } from './what-if-job.js';
import { WhatIfDraftView, WhatIfJobView, WhatIfReportView, WhatIfRequestedView } from './what-if-response.js';

const JOB_ID = /^[A-Za-z0-9-]{1,64}$/;
/** A form's empty field is "not part of the draft". */
const given = <T>(v: T | '' | null | undefined): T | null => (v === '' || v === undefined ? null : v);
const date = (v: string | undefined): Date | null => (given(v) === null ? null : new Date(v!));
const egp = (p: number | undefined) => (p === undefined ? null : piastresToEgp(p));

function draftView(d: PromotionDraft): WhatIfDraftView {
  return {
    discountCategory: d.categoryDiscount ? (d.categoryDiscount.category ?? 'ALL') : null,
    discountPercent: d.categoryDiscount?.percentage ?? null,
    promoCode: d.promoCode?.code ?? null,
    promoPercent: d.promoCode?.percentOff ?? null,
    freeShippingThreshold: egp(d.freeShippingThreshold),
    codFee: egp(d.codFee),
    discountStartsOn: d.categoryDiscount?.startsOn ?? null,
    discountEndsOn: d.categoryDiscount?.endsOn ?? null,
    promoStartsOn: d.promoCode?.rules?.startsOn ?? null,
    promoEndsOn: d.promoCode?.rules?.endsOn ?? null,
    promoMinimumSubtotal: d.promoCode?.rules ? piastresToEgp(d.promoCode.rules.minimumSubtotal) : null,
    promoCategory: d.promoCode?.rules?.category ?? null,
    promoUsageLimit: d.promoCode?.rules?.usageLimit ?? null,
    promoOncePerCustomer: d.promoCode?.rules?.oncePerCustomer ?? null,
  };
}

function reportView(r: WhatIfJobResult): WhatIfReportView {
  return {
    from: r.from,
    to: r.to,
    draft: draftView(r.draft),
    orders: r.orders,
    ordersAffected: r.ordersAffected,
    salesOrders: r.salesOrders ?? 0,
    // A result a job stored before the money figures reads them as 0 (moneyOf), never a 500.
    moneyBefore: moneyFiguresView(moneyOf(r.moneyBefore)),
    moneyAfter: moneyFiguresView(moneyOf(r.moneyAfter)),
    discountGiven: piastresToEgp(r.discountGiven),
    averageOrderValueBefore: piastresToEgp(r.averageOrderValueBefore),
    averageOrderValueAfter: piastresToEgp(r.averageOrderValueAfter),
    ordersCrossingFreeShipping: r.ordersCrossingFreeShipping,
    ordersLosingFreeShipping: r.ordersLosingFreeShipping,
    ordersNotReproduced: r.ordersNotReproduced,
    ordersScanned: r.ordersScanned,
    seconds: r.seconds,
  };
}

/** "Try it on past orders": a draft promotion replayed over a period of orders, as a job. */
@ApiTags('admin: what-if promotions')
@AdminOnly('analytics.read')
@Controller('admin/what-if')
export class AdminWhatIfController {
  constructor(@Inject(JOB_QUEUE) private readonly jobs: JobQueue) {}

  @Post()
  @HttpCode(202)
  @ApiResponse({ status: 202, type: WhatIfRequestedView })
  async startWhatIf(@Body() dto: RequestWhatIfDto, @CurrentAdmin() admin: AdminPrincipal): Promise<WhatIfRequestedView> {
    const money = (v: number | '' | null | undefined) => {
      const amount = given(v);
      return amount === null ? null : egpToPiastres(amount);
    };
    const draft = parsePromotionDraft({
      discountCategory: given(dto.discountCategory),
      discountPercent: given(dto.discountPercent),
      promoCode: given(dto.promoCode),
      promoPercent: given(dto.promoPercent),
      freeShippingThreshold: money(dto.freeShippingThreshold),
      codFee: money(dto.codFee),
      discountStartsOn: given(dto.discountStartsOn),
      discountEndsOn: given(dto.discountEndsOn),
      promoStartsOn: given(dto.promoStartsOn),
      promoEndsOn: given(dto.promoEndsOn),
      promoMinimumSubtotal: money(dto.promoMinimumSubtotal),
      promoCategory: given(dto.promoCategory),
      promoUsageLimit: given(dto.promoUsageLimit),
      promoOncePerCustomer: given(dto.promoOncePerCustomer),
    });
    const period = parseReplayPeriod({ from: date(dto.from), to: date(dto.to) }, new Date());
    // The request as sent (not the period resolved against now): asking again while the first
    // runs is the same question.
    const { jobId } = await enqueueAdminJob<WhatIfJobData>(
      this.jobs,
      WHAT_IF_JOB,
      { draft, from: period.from.toISOString(), to: period.to.toISOString(), requestedBy: admin.username, requestKey: requestKeyOf({ ...dto }) },
      'what-if runs',
    );
    return { jobId, state: 'waiting', statusUrl: `/api/admin/what-if/${jobId}` };
  }

  @Get(':id')
  @ApiOkResponse({ type: WhatIfJobView })
  async getWhatIf(@Param('id') id: string): Promise<WhatIfJobView> {
    const job = JOB_ID.test(id) ? await this.jobs.getJob<WhatIfJobResult>(id) : undefined;
    if (!job || job.name !== WHAT_IF_JOB) throw new NotFoundException('What-if not found');
    return {
      id: job.id,
      state: job.state,
      progress: job.progress,
      error: job.failedReason ?? null,
      report: job.state === 'completed' && job.result ? reportView(job.result) : null,
    };
  }
}
