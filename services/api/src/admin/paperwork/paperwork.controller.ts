import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { PaperworkReads } from '../../reads/paperwork.reads.js';
import { manifestCsv, manifestPdf } from './courier-manifest.js';
import { arabicDigitsFromEnv } from '#platform/config/customer-text-config.js';
import { PAPER_SIZES, renderPackingSlips, type PaperSize } from './packing-slip-pdf.js';
import { PackingSlipBatchDto, PAPER_MESSAGE } from './paperwork.dto.js';
import { parseShopDay } from './shop-day.js';

const PDF = 'application/pdf';
const PDF_FILE = { description: 'PDF', schema: { type: 'string', format: 'binary' } };

function parsePaper(value: unknown): PaperSize {
  if (value === undefined || value === '') return 'A4';
  if (!(PAPER_SIZES as readonly unknown[]).includes(value)) throw new BadRequestException(PAPER_MESSAGE);
  return value as PaperSize;
}

function send(res: Response, type: string, fileName: string, body: Buffer | string): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  // Personal data on paper: never kept by a browser or proxy cache.
  res.setHeader('Cache-Control', 'no-store');
  res.send(body);
}

/** Packing slips, parcel labels and the courier's manifest: one page per order, as PDF (CSV for the manifest). */
@ApiTags('admin: paperwork')
@AdminOnly('paperwork.print')
@Controller('admin')
export class PaperworkController {
  /** How an Arabic customer's slip writes numbers: the shop's one setting. */
  private readonly digits = arabicDigitsFromEnv();

  constructor(private readonly reads: PaperworkReads) {}

  /** One order's packing slip (A4) or label (LABEL_10x15). */
  @Get('orders/:id/packing-slip')
  @ReadsProjections('orders', 'order-history')
  @ApiQuery({ name: 'paper', required: false, enum: PAPER_SIZES })
  @ApiProduces(PDF)
  @ApiOkResponse(PDF_FILE)
  async getPackingSlip(@Param('id') id: string, @Query('paper') paper: unknown, @Res() res: Response): Promise<void> {
    const size = parsePaper(paper);
    const orders = await this.reads.byNumbers([id.slice(0, 64)]);
    send(res, PDF, `${size === 'A4' ? 'packing-slip' : 'label'}_${orders[0].orderNumber}.pdf`, await renderPackingSlips(orders, size, this.digits));
  }

  /** Several orders in one PDF, one page each, in the order given (at most 200). */
  @Post('paperwork/packing-slips')
  @HttpCode(200)
  @ReadsProjections('orders', 'order-history')
  @ApiProduces(PDF)
  @ApiOkResponse(PDF_FILE)
  async printPackingSlips(@Body() body: PackingSlipBatchDto, @Res() res: Response): Promise<void> {
    const size = body.paper ?? 'A4';
    const orders = await this.reads.byNumbers([...new Set(body.orders.map((o) => o.trim().toUpperCase()))]);
    send(res, PDF, `${size === 'A4' ? 'packing-slips' : 'labels'}_${orders.length}.pdf`, await renderPackingSlips(orders, size, this.digits));
  }

  /** The courier's manifest of a shop day (Cairo; default today): the orders marked shipped that day. */
  @Get('paperwork/manifest.csv')
  @ReadsProjections('orders', 'order-history')
  @ApiQuery({ name: 'date', required: false, type: String, description: 'YYYY-MM-DD, a Cairo day; default today' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (manifest_{date}.csv)', schema: { type: 'string' } })
  async getCourierManifestCsv(@Query('date') date: unknown, @Res() res: Response): Promise<void> {
    const day = parseShopDay(date, 'date');
    send(res, 'text/csv; charset=utf-8', `manifest_${day}.csv`, manifestCsv(day, await this.reads.shippedOn(day)));
  }

  @Get('paperwork/manifest.pdf')
  @ReadsProjections('orders', 'order-history')
  @ApiQuery({ name: 'date', required: false, type: String, description: 'YYYY-MM-DD, a Cairo day; default today' })
  @ApiProduces(PDF)
  @ApiOkResponse(PDF_FILE)
  async getCourierManifestPdf(@Query('date') date: unknown, @Res() res: Response): Promise<void> {
    const day = parseShopDay(date, 'date');
    send(res, PDF, `manifest_${day}.pdf`, await manifestPdf(day, await this.reads.shippedOn(day)));
  }
}
