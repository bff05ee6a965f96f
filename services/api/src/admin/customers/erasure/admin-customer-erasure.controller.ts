import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { staffActorOf, type AdminPrincipal } from '../../../auth/admin-token.service.js';
import { AdminOnly } from '../../../auth/admin-only.decorator.js';
import { CurrentAdmin } from '../../../auth/current-admin.decorator.js';
import { ErasePersonalDataCommand, PreviewErasureCommand, type ErasureOutcome } from './erase-personal-data.handler.js';
import { ErasePersonalDataDto } from './erasure.dto.js';
import { ErasurePreviewView, ErasureView } from './erasure-response.js';
import { ERASED_FIELDS, parseSubjectId } from './erasure-views.js';

/** Erasing a customer's personal data from the back-office (docs/adr/015). */
@ApiTags('admin: customers')
@AdminOnly('personalData.manage')
@Controller('admin/customers')
export class AdminCustomerErasureController {
  constructor(private readonly commandBus: CommandBus) {}

  /** What erasing the customer would touch: their orders, newsletter addresses, photos, exports and replays. */
  @Get(':subjectId/erasure')
  @ApiOkResponse({ type: ErasurePreviewView })
  async previewErasure(@Param('subjectId') subjectId: string): Promise<ErasurePreviewView> {
    return preview(await this.commandBus.execute(new PreviewErasureCommand(parseSubjectId(subjectId))));
  }

  /**
   * Erases the customer's personal data; the phone typed again must be theirs. Appends
   * PersonalDataErased, destroys their key, deletes the exports and photos holding them. Erasing
   * again is harmless (alreadyErased: true). With unfinished orders it needs a choice (409
   * otherwise): cancel them first, or hold the erasure until they finish (hold in the answer).
   */
  @Post(':subjectId/erasure')
  @HttpCode(200)
  @ApiOkResponse({ type: ErasureView })
  async erasePersonalData(@Param('subjectId') subjectId: string, @Body() body: ErasePersonalDataDto, @CurrentAdmin() admin: AdminPrincipal): Promise<ErasureView> {
    const outcome: ErasureOutcome = await this.commandBus.execute(
      new ErasePersonalDataCommand(parseSubjectId(subjectId), body.phone, body.reason, { kind: 'admin', id: admin.username }, body.openOrders, staffActorOf(admin)),
    );
    return { ...preview(outcome), keysDestroyed: outcome.keysDestroyed, deletedExports: outcome.deletedExports, deletedUploads: outcome.deletedUploads };
  }
}

function preview(s: Omit<ErasureOutcome, 'keysDestroyed' | 'deletedExports' | 'deletedUploads'>): ErasurePreviewView {
  return {
    subjectId: s.subjectId, alreadyErased: s.alreadyErased, fields: [...ERASED_FIELDS],
    orders: s.orders.map((o) => {
      const weighed = s.weighed.find((w) => w.id === o.id);
      return {
        id: o.id, orderNumber: o.orderNumber, status: weighed?.status ?? o.status, placedAt: o.placedAt,
        finished: weighed?.finished ?? true, openBecause: weighed?.openBecause ?? null, finishableAt: weighed?.finishableAt ?? null, cancellable: weighed?.cancellable ?? false,
      };
    }),
    hold: s.hold,
    newsletterAddresses: s.newsletterSubjectIds.length, uploads: s.uploads, exports: s.exports, replaySchemas: s.replaySchemas,
  };
}
