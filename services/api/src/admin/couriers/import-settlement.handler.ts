import { createHash, randomUUID } from 'node:crypto';
import { Inject, NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import { couriersDecider } from '#domain/courier/courier.decider.js';
import { parseSettlementFile } from '#domain/courier/settlement-file.js';
import { countOutcomes, decideSettlementLines, lastShippedAt, type MatchedOrder, type SettlementImported } from '#domain/courier/settlement-import.js';
import type { CourierRef, OrderEvent } from '#domain/order/events.js';
import { orderDecider } from '#domain/order/order.decider.js';
import { evolveAll } from '#domain/shared/decider.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { couriersStream, orderStream, settlementsStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { eventMetadata } from '../../common/execute-decider.js';
import { EVENT_STORE } from '../../common/tokens.js';
import { CourierReads } from '../../reads/couriers.reads.js';
import type { SettlementImportView } from './courier-response.js';

export class ImportSettlementCommand extends Command<SettlementImportView> {
  constructor(
    readonly courierId: string,
    readonly text: string,
    readonly by: StaffActor,
  ) {
    super();
  }
}

/** Orders read at once while deciding a file: a file names at most MAX_SETTLEMENT_LINES. */
const READ_CONCURRENCY = 16;

/**
 * A courier's status/settlement file: parsed whole first (a hostile file changes nothing), each
 * line decided against its order as it stands (matched by tracking number among the orders shipped
 * with this courier), and the whole decision appended as one SettlementImported. The answer names
 * the import; the settlement reactor applies its lines to their orders (settlement.reactor.ts) and
 * the settlement-imports read model counts them.
 */
@CommandHandler(ImportSettlementCommand)
export class ImportSettlementHandler implements ICommandHandler<ImportSettlementCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly couriers: CourierReads,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute(c: ImportSettlementCommand): Promise<SettlementImportView> {
    const { state } = await this.executor.load(couriersStream(), couriersDecider);
    const found = state.couriers.find((k) => k.courierId === c.courierId);
    if (!found) throw new NotFoundException('Courier not found');
    const courier: CourierRef = { courierId: found.courierId, name: found.name };
    const lines = parseSettlementFile(c.text);
    const fileHash = createHash('sha256').update(c.text).digest('hex');
    const matches = await this.couriers.parcels(courier.courierId, lines.map((l) => l.trackingNumber));
    const orders = await this.loadOrders([...new Set([...matches.values()].flat())]);
    const now = new Date().toISOString();
    const decided = decideSettlementLines(lines, matches, orders, { courier, fileHash, now, by: c.by });
    const importId = randomUUID();
    const event: SettlementImported = { type: 'SettlementImported', data: { importId, courier, fileHash, lines: decided, by: c.by } };
    await this.store.append(settlementsStream(courier.courierId), [{ id: uuidFromName(`settlement-imported:${importId}`), ...event, metadata: { ...eventMetadata(), occurredAt: now } }], { expectedRevision: 'any' });
    return {
      importId, fileHash, courierId: courier.courierId, ...countOutcomes(decided),
      lines: decided.map((l) => ({ line: l.line, trackingNumber: l.trackingNumber, status: l.status, outcome: l.outcome, effect: l.effect, orderNumber: l.orderNumber, message: l.reason })),
    };
  }

  /** Each matched order as it stands, and when it was shipped (its ship move's time). */
  private async loadOrders(orderIds: readonly string[]): Promise<Map<string, MatchedOrder>> {
    const loaded = new Map<string, MatchedOrder>();
    for (let i = 0; i < orderIds.length; i += READ_CONCURRENCY) {
      await Promise.all(orderIds.slice(i, i + READ_CONCURRENCY).map(async (orderId) => {
        const recorded = await this.store.readStream(orderStream(orderId));
        loaded.set(orderId, { state: evolveAll(orderDecider, recorded as unknown as OrderEvent[]), shippedAt: lastShippedAt(recorded) });
      }));
    }
    return loaded;
  }
}
