import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { erasureDecider } from '#domain/personal-data/erasure.decider.js';
import { erasedSubjects, type ErasureReason, type PersonalDataErased } from '#domain/personal-data/events.js';
import { normaliseSubjectIdentifier } from '#domain/personal-data/personal-fields.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { Actor } from '#domain/shared/event.js';
import { personalDataStream } from '#domain/streams.js';
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
import { exportsHolding, needlesOf, newsletterSubjectsOf, uploadKeys, type ErasureScope } from './erasure-scope.js';

export interface ErasureOutcome extends ErasureScope {
  /** Erased before this request: nothing new was appended, files and keys were swept again. */
  alreadyErased: boolean;
  keysDestroyed: number;
  /** Exports and uploads actually removed now. */
  deletedExports: string[];
  deletedUploads: string[];
  /** Copies made by `npm run replay` before this erasure: they hold the subject until dropped or replayed again. */
  replaySchemas: ReplaySchema[];
}

export class PreviewErasureCommand extends Command<ErasureScope & { alreadyErased: boolean; replaySchemas: ReplaySchema[] }> {
  constructor(readonly subjectId: string) {
    super();
  }
}

export class ErasePersonalDataCommand extends Command<ErasureOutcome> {
  constructor(
    readonly subjectId: string,
    /** As the admin typed it, to confirm: any form checkout accepts. */
    readonly phone: string,
    readonly reason: ErasureReason,
    readonly actor: Actor,
  ) {
    super();
  }
}

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
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'uploadsDir'>,
    @Inject(EXPORTS_DIR) private readonly exportsDir: string,
  ) {}

  async execute(c: ErasePersonalDataCommand): Promise<ErasureOutcome> {
    const keys = keyStoreOf(this.personalData);
    const recorded = await recordedErasure(this.store, c.subjectId);
    const orders = await this.orders.ofSubject(c.subjectId);
    if (!recorded) {
      // The typed phone must be this subject's: its lookup finds the subject (any form checkout accepts).
      const typed = normaliseSubjectIdentifier('phone', c.phone);
      const owner = typed ? await keys.findSubject('phone', typed) : undefined;
      if (owner !== c.subjectId) {
        if (orders.length === 0 && owner === undefined) throw DomainError.notFound('SUBJECT_NOT_FOUND', `subjectId: no customer ${c.subjectId}`);
        throw DomainError.validation('PHONE_MISMATCH', "phone: this is not the customer's phone", { phone: "This is not the customer's phone" });
      }
    }
    const newsletterSubjectIds = recorded?.newsletterSubjectIds ?? (await newsletterSubjectsOf(keys, orders));
    const uploads = uploadKeys(orders);
    const needles = needlesOf(c.subjectId, orders, [...newsletterSubjectIds, ...(recorded?.orderIds ?? [])]);
    const exportsBefore = await exportsHolding(this.exportsDir, needles);

    if (!recorded) {
      await this.executor.execute({
        stream: personalDataStream(c.subjectId),
        decider: erasureDecider,
        command: { type: 'EraseSubject', data: { subjectId: c.subjectId, newsletterSubjectIds, orderIds: orders.map((o) => o.id), reason: c.reason, at: new Date().toISOString() } },
        commandType: 'EraseSubject',
        retries: 2,
      });
    }
    const keysDestroyed = await keys.destroy([c.subjectId, ...newsletterSubjectIds]);
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
      subjectId: c.subjectId, orders, newsletterSubjectIds, uploads, exports: exportsBefore,
      alreadyErased: !!recorded, keysDestroyed, deletedExports, deletedUploads,
      replaySchemas: await listReplaySchemas(this.dataSource),
    };
  }
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
  ) {}

  async execute(c: PreviewErasureCommand) {
    const keys = keyStoreOf(this.personalData);
    const recorded = await recordedErasure(this.store, c.subjectId);
    const orders = await this.orders.ofSubject(c.subjectId);
    if (!recorded && orders.length === 0) throw DomainError.notFound('SUBJECT_NOT_FOUND', `subjectId: no customer ${c.subjectId}`);
    const newsletterSubjectIds = recorded?.newsletterSubjectIds ?? (await newsletterSubjectsOf(keys, orders));
    return {
      subjectId: c.subjectId, orders, newsletterSubjectIds, uploads: uploadKeys(orders),
      exports: await exportsHolding(this.exportsDir, needlesOf(c.subjectId, orders, newsletterSubjectIds)),
      alreadyErased: !!recorded, replaySchemas: await listReplaySchemas(this.dataSource),
    };
  }
}

/** The erasure the subject's stream records, if any (read afresh: never from a cached fold). */
async function recordedErasure(store: EventStore, subjectId: string): Promise<PersonalDataErased['data'] | undefined> {
  const events = await store.readStream(personalDataStream(subjectId));
  return events.find((e) => e.type === 'PersonalDataErased')?.data as PersonalDataErased['data'] | undefined;
}

/** Every subject the log says was erased: their keys must be gone (the start-up sweep). */
export function subjectsErasedIn(events: ReadonlyArray<{ type: string; data: unknown }>): string[] {
  return events.filter((e) => e.type === 'PersonalDataErased').flatMap((e) => erasedSubjects(e.data as PersonalDataErased['data']));
}
