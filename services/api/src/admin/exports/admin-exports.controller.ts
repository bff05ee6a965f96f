import path from 'node:path';
import { BadRequestException, Body, Controller, ConflictException, ForbiddenException, Get, HttpCode, Inject, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import type { Response } from 'express';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { CurrentAdmin } from '../../auth/current-admin.decorator.js';
import type { AdminPrincipal } from '../../auth/admin-token.service.js';
import { EXPORT_JOB, EXPORT_KINDS, validateExportFilters, type ExportJobData, type ExportJobResult, type ExportKind } from './export-jobs.js';
import { ExportRequestedView, JobView } from './export-response.js';
import { EXPORTS_DIR } from './exports-dir.js';
import { enqueueAdminJob, requestKeyOf } from '../shared/admin-job-bounds.js';
import { readerPermissions } from '../shared/reader.js';
import { mayReadPersonalData } from '#domain/personal-data/withheld.js';

export class RequestExportDto {
  @ApiProperty({ enum: EXPORT_KINDS }) @IsIn(EXPORT_KINDS, { message: `kind must be one of ${EXPORT_KINDS.join(', ')}` }) kind!: ExportKind;
  @ApiPropertyOptional({ description: 'The list endpoint query parameters (orders: status, dateFrom, dateTo, search, sort; events: stream, type, from, to, correlationId)' })
  @IsOptional()
  @IsObject({ message: 'filters must be an object' })
  filters?: Record<string, unknown>;
}

const JOB_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Exports are kept a day, and the folder has a quota (EXPORTS_QUOTA_MB) that removes the oldest first. */
export const EXPORT_GONE = 'Export file is gone: exports are kept 24 hours, and the oldest are removed first when the exports folder is full. Request it again.';

/** Large exports as background jobs: request → poll state and progress → download. */
@ApiTags('admin: exports and jobs')
@AdminOnly('exports.run')
@Controller('admin')
export class AdminExportsController {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EXPORTS_DIR) private readonly exportsDir: string,
  ) {}

  @Post('exports')
  @HttpCode(202)
  @ApiResponse({ status: 202, type: ExportRequestedView })
  async startExport(@Body() dto: RequestExportDto, @CurrentAdmin() admin: AdminPrincipal): Promise<ExportRequestedView> {
    const filters = Object.fromEntries(Object.entries(dto.filters ?? {}).filter(([, v]) => typeof v === 'string' || Array.isArray(v)));
    validateExportFilters(dto.kind, filters);
    // Shaped by what the requester may read; identical requests share a job only between readers alike.
    const readsPersonalData = mayReadPersonalData(readerPermissions(admin));
    const { jobId } = await enqueueAdminJob<ExportJobData>(
      this.jobs, EXPORT_JOB,
      { kind: dto.kind, filters, requestedBy: admin.username, readsPersonalData, requestKey: requestKeyOf({ kind: dto.kind, filters, readsPersonalData }) },
      'exports',
    );
    return { jobId, state: 'waiting', statusUrl: `/api/admin/jobs/${jobId}` };
  }

  @Get('jobs/:id')
  @ApiOkResponse({ type: JobView })
  async getJob(@Param('id') id: string): Promise<JobView> {
    const job = JOB_ID.test(id) ? await this.jobs.getJob<ExportJobResult | unknown>(id) : undefined;
    if (!job) throw new NotFoundException('Job not found');
    const isExport = job.name === EXPORT_JOB;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      progress: job.progress,
      downloadUrl: isExport && job.state === 'completed' ? `/api/admin/jobs/${job.id}/download` : null,
      rows: isExport && job.state === 'completed' ? (job.result as ExportJobResult).rows : undefined,
      error: job.failedReason ?? null,
    };
  }

  @Get('jobs/:id/download')
  @ApiProduces('text/csv', 'application/x-ndjson')
  @ApiOkResponse({ description: 'The export file', schema: { type: 'string', format: 'binary' } })
  async downloadExport(@Param('id') id: string, @Res() res: Response, @CurrentAdmin() admin: AdminPrincipal) {
    const job = JOB_ID.test(id) ? await this.jobs.getJob<ExportJobResult>(id) : undefined;
    if (!job || job.name !== EXPORT_JOB) throw new NotFoundException('Export not found');
    if (job.state !== 'completed' || !job.result) throw new ConflictException(`Export is ${job.state}, not ready yet`);
    // A file written for a reader of personal data is theirs alike: another member's job id opens nothing.
    if (job.result.personalData !== false && !mayReadPersonalData(readerPermissions(admin))) throw new ForbiddenException('This export holds personal data your role may not read');
    const file = path.basename(job.result.file);
    if (file !== job.result.file) throw new BadRequestException('Invalid export');
    res.setHeader('Content-Type', job.result.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.attachment(job.result.downloadName);
    res.sendFile(file, { root: this.exportsDir, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) res.status(404).json({ statusCode: 404, error: 'Not Found', message: EXPORT_GONE });
    });
  }
}
