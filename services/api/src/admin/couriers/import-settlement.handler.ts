import { createHash } from 'node:crypto';
import { Inject, NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import { couriersDecider } from '#domain/courier/courier.decider.js';
import { parseSettlementFile, type SettlementLine } from '#domain/courier/settlement-file.js';
import { COURIER_REPORT_CONTRADICTS } from '#domain/order/courier-report.js';
import type { CourierRef } from '#domain/order/events.js';
import { orderDecider } from '#domain/order/order.decider.js';
import { isDomainError } from '#domain/shared/domain-error.js';
import { couriersStream, orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { PromoUses } from '../../cart/promo-uses.service.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { CourierReads } from '../../reads/couriers.reads.js';
import { settlePromoUse } from '../orders/settle-promo-use.js';
import type { SettlementImportView, SettlementLineResultView } from './courier-response.js';

export class ImportSettlementCommand extends Command<SettlementImportView> {
  constructor(
    readonly courierId: string,
    readonly text: string,
    readonly by: StaffActor,
  ) {
    super();
  }
}

/**
 * A courier's status/settlement file: parsed whole first (a hostile file changes nothing), then
 * each line decided on its order's stream (courier-report.ts), one order at a time, in file order.
 * Lines are matched by tracking number among the orders shipped with this courier.
 */
@CommandHandler(ImportSettlementCommand)
export class ImportSettlementHandler implements ICommandHandler<ImportSettlementCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly couriers: CourierReads,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly promoUses: PromoUses,
  ) {}

  async execute(c: ImportSettlementCommand): Promise<SettlementImportView> {
    const { state } = await this.executor.load(couriersStream(), couriersDecider);
    const found = state.couriers.find((k) => k.courierId === c.courierId);
    if (!found) throw new NotFoundException('Courier not found');
    const courier: CourierRef = { courierId: found.courierId, name: found.name };
    const lines = parseSettlementFile(c.text);
    const fileHash = createHash('sha256').update(c.text).digest('hex');
    const matches = await this.couriers.parcels(courier.courierId, lines.map((l) => l.trackingNumber));
    const results: SettlementLineResultView[] = [];
    for (const line of lines) results.push(await this.decideLine(line, matches.get(line.trackingNumber) ?? [], courier, fileHash, c.by));
    const count = (outcome: SettlementLineResultView['outcome']) => results.filter((r) => r.outcome === outcome).length;
    return { fileHash, courierId: courier.courierId, applied: count('applied'), unchanged: count('unchanged'), unmatched: count('unmatched'), contradictory: count('contradictory'), lines: results };
  }

  private async decideLine(line: SettlementLine, orderIds: readonly string[], courier: CourierRef, fileHash: string, by: StaffActor): Promise<SettlementLineResultView> {
    const base = { line: line.line, trackingNumber: line.trackingNumber, status: line.status };
    if (orderIds.length === 0) return { ...base, outcome: 'unmatched', orderNumber: null, message: `No order was shipped with ${courier.name} under this tracking number` };
    if (orderIds.length > 1) return { ...base, outcome: 'contradictory', orderNumber: null, message: `${orderIds.length} orders were shipped under this tracking number` };
    const orderId = orderIds[0];
    try {
      const result = await this.executor.execute({
        stream: orderStream(orderId),
        decider: orderDecider,
        command: { type: 'RecordCourierReport' as const, data: { orderId, courier, report: line, fileHash, by } },
        // Decided again on a newer state, the line is still judged against the order as it is.
        retries: 2,
      });
      if (result.events.some((e) => e.type === 'OrderStatusChanged')) await settlePromoUse(this.store, this.promoUses, orderId, result.state.status);
      return { ...base, outcome: result.events.length > 0 ? 'applied' : 'unchanged', orderNumber: result.state.orderNumber, message: null };
    } catch (error) {
      if (isDomainError(error) && error.code === COURIER_REPORT_CONTRADICTS) return { ...base, outcome: 'contradictory', orderNumber: null, message: error.message };
      throw error;
    }
  }
}
