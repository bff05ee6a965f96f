import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { erasureDecider } from '#domain/personal-data/erasure.decider.js';
import { erasedSubjects, type ErasureReason, type PersonalDataErased, type PersonalDataErasureHeld, type PersonalDataEvent } from '#domain/personal-data/events.js';
import { isOrderStatus, ORDER_STATUS_LABELS } from '#domain/order/events.js';
import { expectedEndOf } from '#domain/order/order-finished.js';
import { staffActorFromMetadata, type StaffActor } from '#domain/admin/staff-actor.js';
import { normaliseSubjectIdentifier } from '#domain/personal-data/personal-fields.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { Actor } from '#domain/shared/event.js';
import { orderStream, personalDataStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { KeyStore } from '#event-store/personal-data/key-store.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import type { AppConfig } from '#platform/config/app-config.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { listReplaySchemas, type ReplaySchema } from '#read-models/projector-state/replay-schemas.js';
import { DeciderExecutor } from '../../../common/decider-executor.service.js';
import { APP_CONFIG, EVENT_STORE, PERSONAL_DATA } from '../../../common/tokens.js';
import { OrderReads } from '../../../reads/orders.reads.js';
import { deleteUpload } from '../../../uploads/delete-upload.js';
import { EXPORTS_DIR } from '../../exports/exports-dir.js';
import { ChangeOrderStatusCommand } from '../../orders/order-status.handler.js';
import { exportsHolding, needlesOf, newsletterSubjectsOf, uploadKeys, type ErasureScope } from './erasure-scope.js';
import { weighOrders, type WeighedOrder } from './open-orders.js';

/** How the erasure of a subject with unfinished orders goes on: their orders cancelled first, or the erasure held until they finish. */
export const OPEN_ORDER_CHOICES = ['cancel', 'hold'] as const;
export type OpenOrderChoice = (typeof OPEN_ORDER_CHOICES)[number];

/** A hold as the back-office shows it. */
export type ErasureHold = PersonalDataErasureHeld['data'];

export interface ErasureOutcome extends ErasureScope {
  /** Erased before this request: nothing new was appended, files and keys were swept again. */
  alreadyErased: boolean;
  /** The subject's orders, finished or not (read from the log). */
  weighed: WeighedOrder[];
  /** The erasure waits for these orders: nothing was erased. Null once erased, or when nothing holds it. */
  hold: ErasureHold | null;
  keysDestroyed: number;
  /** Exports and uploads actually removed now. */
  deletedExports: string[];
  deletedUploads: string[];
  /** Copies made by `npm run replay` before this erasure: they hold the subject until dropped or replayed again. */
  replaySchemas: ReplaySchema[];
}

export class PreviewErasureCommand extends Command<ErasureScope & { alreadyErased: boolean; replaySchemas: ReplaySchema[]; weighed: WeighedOrder[]; hold: ErasureHold | null }> {
  constructor(readonly subjectId: string) {
    super();
  }
}

export class ErasePersonalDataCommand extends Command<ErasureOutcome> {
  constructor(
    readonly subjectId: string,
    /**
     * As the admin typed it, to confirm: any form checkout accepts. Null only when the shop runs a
     * held erasure by itself (its hold was confirmed when it was asked for).
     */
    readonly phone: string | null,
    readonly reason: ErasureReason,
    readonly actor: Actor,
    /** What to do with unfinished orders; without a choice, an erasure that has some is refused naming them. */
    readonly openOrders?: OpenOrderChoice,
    /** Who cancels the orders when `openOrders` is cancel (recorded on each order). */
    readonly staff?: StaffActor,
  ) {
    super();
  }
}

/** Recorded on each order cancelled so its customer could be erased: says why, names no one. */
export const CANCELED_FOR_ERASURE = "Canceled before erasing the customer's personal data, at their request";

/** The key store, or a 409: without encryption the log holds the data in plain text and nothing here could erase it. */
function keyStoreOf(personalData: PersonalDataCipher | null): KeyStore {
  if (!personalData) throw DomainError.conflict('PERSONAL_DATA_NOT_ENCRYPTED', 'Personal data is stored unencrypted (PERSONAL_DATA_ENCRYPTION=off): it cannot be erased from the log');
  return personalData.keys;
}

/**
 * Erasure in two steps that survive a crash between them (docs/adr/015): first the log records
 * PersonalDataErased (the projections erase the read models from it), then the keys are
 * destroyed. A crash after the append leaves keys that the API's start-up sweep, or the admin's
 * second try, destroys; the reverse order could leave data unreadable with no record of why and
 * the read models never erased.
 */
@CommandHandler(ErasePersonalDataCommand)
export class ErasePersonalDataHandler implements ICommandHandler<ErasePersonalDataCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly orders: OrderReads,
    private readonly dataSource: DataSource,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'uploadsDir' | 'returnWindowDays'>,
    @Inject(EXPORTS_DIR) private readonly exportsDir: string,
    private readonly commandBus: CommandBus,
  ) {}

  async execute(c: ErasePersonalDataCommand): Promise<ErasureOutcome> {
    const keys = keyStoreOf(this.personalData);
    const { erased: recorded, held } = await subjectRecord(this.store, c.subjectId);
    let orders = await this.orders.ofSubject(c.subjectId);
    let weighed: WeighedOrder[] = [];
    if (!recorded) {
      if (c.phone === null) {
        if (!held) throw DomainError.conflict('ERASURE_NOT_HELD', `subjectId: no held erasure of ${c.subjectId} to run`);
      } else {
        // The typed phone must be this subject's: its lookup finds the subject (any form checkout accepts).
        const typed = normaliseSubjectIdentifier('phone', c.phone);
        const owner = typed ? await keys.findSubject('phone', typed) : undefined;
        if (owner !== c.subjectId) {
          if (orders.length === 0 && owner === undefined) throw DomainError.notFound('SUBJECT_NOT_FOUND', `subjectId: no customer ${c.subjectId}`);
          throw DomainError.validation('PHONE_MISMATCH', "phone: this is not the customer's phone", { phone: "This is not the customer's phone" });
        }
      }
      const now = new Date().toISOString();
      weighed = await weighOrders(this.store, orders, now, this.config.returnWindowDays);
      const open = weighed.filter((o) => !o.finished);
      if (open.length > 0) {
        const choice = c.phone === null ? 'hold' : c.openOrders;
        if (choice === undefined) {
          throw DomainError.conflict('ERASURE_OPEN_ORDERS', `openOrders: ${listed(open)} ${open.length === 1 ? 'is' : 'are'} not finished: cancel ${open.length === 1 ? 'it' : 'them'} first, or hold the erasure until ${open.length === 1 ? 'it is' : 'they are'}`, { orders: open.map((o) => o.orderNumber).join(', ') });
        }
        if (choice === 'cancel') {
          const stuck = open.filter((o) => !o.cancellable);
          if (stuck.length > 0) throw DomainError.conflict('ORDERS_NOT_CANCELLABLE', `openOrders: ${listed(stuck)} left the shop and cannot be cancelled: hold the erasure instead`, { orders: stuck.map((o) => o.orderNumber).join(', ') });
          for (const o of open) await this.commandBus.execute(new ChangeOrderStatusCommand(o.id, 'CANCELED', CANCELED_FOR_ERASURE, c.staff ?? staffActorFromMetadata({ actor: c.actor })));
          weighed = await weighOrders(this.store, orders, now, this.config.returnWindowDays);
        } else {
          const hold = await this.hold(c, open, held, now);
          const newsletterSubjectIds = await newsletterSubjectsOf(keys, orders);
          return {
            subjectId: c.subjectId, orders, newsletterSubjectIds, uploads: uploadKeys(orders), exports: [], weighed, hold,
            alreadyErased: false, keysDestroyed: 0, deletedExports: [], deletedUploads: [], replaySchemas: await listReplaySchemas(this.dataSource),
          };
        }
      }
      orders = await this.orders.ofSubject(c.subjectId);
    }
    const newsletterSubjectIds = recorded?.newsletterSubjectIds ?? (await newsletterSubjectsOf(keys, orders));
    const uploads = uploadKeys(orders);
    const needles = needlesOf(c.subjectId, orders, [...newsletterSubjectIds, ...(recorded?.orderIds ?? [])]);
    const exportsBefore = await exportsHolding(this.exportsDir, needles);

    if (!recorded) {
      await this.executor.execute({
        stream: personalDataStream(c.subjectId),
        decider: erasureDecider,
        // A held erasure runs with the reason it was asked for.
        command: { type: 'EraseSubject', data: { subjectId: c.subjectId, newsletterSubjectIds, orderIds: orders.map((o) => o.id), reason: held?.reason ?? c.reason, at: new Date().toISOString() } },
        commandType: 'EraseSubject',
        retries: 2,
      });
    }
    const keysDestroyed = await keys.destroy([c.subjectId, ...newsletterSubjectIds]);
    this.executor.forget(orders.map((o) => orderStream(o.id)));
    const deletedUploads: string[] = [];
    for (const key of uploads) {
      if (!(await this.storage.exists(key))) continue;
      await deleteUpload(this.storage, this.config.uploadsDir, key);
      deletedUploads.push(key);
    }
    const deletedExports: string[] = [];
    for (const name of exportsBefore) {
      await rm(path.join(this.exportsDir, name), { force: true });
      deletedExports.push(name);
    }
    return {
      subjectId: c.subjectId, orders, newsletterSubjectIds, uploads, exports: exportsBefore, weighed, hold: null,
      alreadyErased: !!recorded, keysDestroyed, deletedExports, deletedUploads,
      replaySchemas: await listReplaySchemas(this.dataSource),
    };
  }

  /** Records the hold (once for the same orders and end) and tells the person it waits, and why. */
  private async hold(c: ErasePersonalDataCommand, open: readonly WeighedOrder[], held: ErasureHold | null, at: string): Promise<ErasureHold> {
    const expectedEnd = expectedEndOf(open);
    const result = await this.executor.execute({
      stream: personalDataStream(c.subjectId),
      decider: erasureDecider,
      command: { type: 'HoldErasure', data: { subjectId: c.subjectId, orderIds: open.map((o) => o.id), reason: held?.reason ?? c.reason, at, expectedEnd } },
      commandType: 'HoldErasure',
      retries: 2,
    });
    return result.state.held!;
  }
}

/** "PS-AAAA-1111 (Placed) and PS-BBBB-2222 (Shipped)". */
function listed(orders: readonly WeighedOrder[]): string {
  const each = orders.map((o) => `${o.orderNumber} (${isOrderStatus(o.status) ? ORDER_STATUS_LABELS[o.status] : o.status})`);
  return each.length === 1 ? each[0] : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/** What an erasure would touch, for the confirmation screen: nothing is changed. */
@CommandHandler(PreviewErasureCommand)
export class PreviewErasureHandler implements ICommandHandler<PreviewErasureCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly orders: OrderReads,
    private readonly dataSource: DataSource,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
    @Inject(EXPORTS_DIR) private readonly exportsDir: string,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'returnWindowDays'>,
  ) {}

  async execute(c: PreviewErasureCommand) {
    const keys = keyStoreOf(this.personalData);
    const { erased: recorded, held } = await subjectRecord(this.store, c.subjectId);
    const orders = await this.orders.ofSubject(c.subjectId);
    if (!recorded && orders.length === 0) throw DomainError.notFound('SUBJECT_NOT_FOUND', `subjectId: no customer ${c.subjectId}`);
    const newsletterSubjectIds = recorded?.newsletterSubjectIds ?? (await newsletterSubjectsOf(keys, orders));
    return {
      subjectId: c.subjectId, orders, newsletterSubjectIds, uploads: uploadKeys(orders), hold: held,
      weighed: recorded ? [] : await weighOrders(this.store, orders, new Date().toISOString(), this.config.returnWindowDays),
      exports: await exportsHolding(this.exportsDir, needlesOf(c.subjectId, orders, newsletterSubjectIds)),
      alreadyErased: !!recorded, replaySchemas: await listReplaySchemas(this.dataSource),
    };
  }
}

/** The erasure the subject's stream records, if any, and the hold in force (read afresh: never from a cached fold). */
export async function subjectRecord(store: EventStore, subjectId: string): Promise<{ erased: PersonalDataErased['data'] | undefined; held: ErasureHold | null }> {
  const events = await store.readStream(personalDataStream(subjectId));
  const state = events.reduce((s, e) => erasureDecider.evolve(s, e as unknown as PersonalDataEvent), erasureDecider.initialState);
  return { erased: events.find((e) => e.type === 'PersonalDataErased')?.data as PersonalDataErased['data'] | undefined, held: state.held };
}

/** Every subject the log says was erased: their keys must be gone (the start-up sweep). */
export function subjectsErasedIn(events: ReadonlyArray<{ type: string; data: unknown }>): string[] {
  return events.filter((e) => e.type === 'PersonalDataErased').flatMap((e) => erasedSubjects(e.data as PersonalDataErased['data']));
}
