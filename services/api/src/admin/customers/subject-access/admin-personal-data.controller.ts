import { BadRequestException, Controller, Get, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../auth/admin-only.decorator.js';
import { fileDate } from '../../exports/csv.js';
import { parseSubjectId } from '../erasure/erasure-views.js';
import { ExportPersonalDataCommand, type SubjectQuery } from './personal-data-export.handler.js';
import { PersonalDataExportView } from './personal-data-export-response.js';

const ONE_OF = 'give exactly one of phone, email or subjectId';

/** Exactly one of phone, e-mail or subject id, each a bounded string: a 400 naming the field otherwise. */
export function parseSubjectQuery(query: Record<string, unknown>): SubjectQuery {
  const given = (['phone', 'email', 'subjectId'] as const).filter((k) => query[k] !== undefined);
  if (given.length !== 1) throw new BadRequestException(ONE_OF);
  const [field] = given;
  const value = query[field];
  if (typeof value !== 'string' || value.trim().length === 0) throw new BadRequestException(`${field} must be text`);
  if (value.length > 254) throw new BadRequestException(`${field} must be at most 254 characters`);
  if (field === 'subjectId') return { subjectId: parseSubjectId(value) };
  return field === 'phone' ? { phone: value } : { email: value };
}

/** A person's right of access: everything the shop holds about them, as one file. */
@ApiTags('admin: customers')
@AdminOnly('personalData.manage')
@Controller('admin/personal-data')
export class AdminPersonalDataController {
  constructor(private readonly commandBus: CommandBus) {}

  @Get()
  @ApiQuery({ name: 'phone', required: false })
  @ApiQuery({ name: 'email', required: false })
  @ApiQuery({ name: 'subjectId', required: false })
  @ApiProduces('application/json')
  @ApiOkResponse({ type: PersonalDataExportView, description: 'Sent as an attachment: personal-data-<date>.json' })
  async downloadPersonalData(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<PersonalDataExportView> {
    const result = await this.commandBus.execute(new ExportPersonalDataCommand(parseSubjectQuery(query)));
    res.setHeader('Content-Disposition', `attachment; filename="personal-data-${fileDate()}.json"`);
    res.setHeader('Cache-Control', 'no-store');
    return result;
  }
}
