import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PersonalDataEvent } from '#domain/personal-data/events.js';
import { normaliseSubjectIdentifier } from '#domain/personal-data/personal-fields.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { OrderEdited, PersonalDataCorrected } from '#domain/order/events.js';
import type { PhoneBlockEvent } from '#domain/order-screening/phone-block.decider.js';
import { orderStream, personalDataStream, phoneBlockStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { EVENT_STORE, PERSONAL_DATA } from '../../../common/tokens.js';
import { NewsletterReads } from '../../../reads/newsletter.reads.js';
import { OrderReads } from '../../../reads/orders.reads.js';
import type { PersonalDataExportView } from './personal-data-export-response.js';

export type SubjectQuery = { phone: string } | { email: string } | { subjectId: string };

export class ExportPersonalDataCommand extends Command<PersonalDataExportView> {
  constructor(readonly asked: SubjectQuery) {
    super();
  }
}

/**
 * Everything the shop holds about one person, for their right of access: found by their phone
 * (any form checkout accepts), an e-mail (the newsletter address and every order that gave it) or
 * their subject id (the one way to reach a subject already erased, whose lookups are gone). Reads
 * only; the same read models the back-office shows, so what is erased reads as erased here too.
 */
@CommandHandler(ExportPersonalDataCommand)
export class ExportPersonalDataHandler implements ICommandHandler<ExportPersonalDataCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
    private readonly orders: OrderReads,
    private readonly newsletter: NewsletterReads,
  ) {}

  async execute({ asked }: ExportPersonalDataCommand): Promise<PersonalDataExportView> {
    const keys = this.personalData?.keys;
    const shoppers = new Set<string>();
    const addresses = new Set<string>();
    if ('subjectId' in asked) shoppers.add(asked.subjectId);
    if ('phone' in asked) {
      const id = await keys?.findSubject('phone', normaliseSubjectIdentifier('phone', asked.phone));
      if (id) shoppers.add(id);
    }
    if ('email' in asked) {
      const email = normaliseSubjectIdentifier('email', asked.email);
      for (const id of await this.orders.subjectsOfEmail(email)) shoppers.add(id);
      const id = await keys?.findSubject('email', email);
      if (id) addresses.add(id);
    }
    const orders = [];
    for (const subjectId of shoppers) {
      for (const o of await this.orders.ofSubject(subjectId)) {
        const [order, history] = await Promise.all([this.orders.get(o.id), this.orders.history(o.id)]);
        orders.push({ ...order, history: history.events });
      }
    }
    const erasures = [];
    const corrections: PersonalDataExportView['corrections'] = [];
    for (const o of orders) {
      for (const e of await this.store.readStream(orderStream(o.id))) {
        if (e.type === 'OrderEdited') {
          // An edit's customer fields before and after are this person's data as a correction's are.
          const d = e.data as OrderEdited['data'];
          const fields = d.fields.filter((f) => f !== 'lines') as Array<keyof OrderEdited['data']['after']['customer']>;
          if (fields.length === 0) continue;
          const pick = (c: OrderEdited['data']['after']['customer']) => Object.fromEntries(fields.map((f) => [f, String(c[f] ?? '')]));
          corrections.push({ orderId: o.id, correctedAt: e.metadata.occurredAt ?? e.createdAt, fields, before: pick(d.before.customer), after: pick(d.after.customer), by: e.metadata.actor?.id ?? 'unknown' });
          continue;
        }
        if (e.type !== 'PersonalDataCorrected') continue;
        const d = e.data as PersonalDataCorrected['data'];
        corrections.push({ orderId: o.id, correctedAt: e.metadata.occurredAt ?? e.createdAt, fields: d.fields, before: d.before as Record<string, string>, after: d.after as Record<string, string>, by: e.metadata.actor?.id ?? 'unknown' });
      }
    }
    for (const subjectId of shoppers) {
      for (const e of await this.store.readStream(personalDataStream(subjectId))) {
        const event = { type: e.type, data: e.data } as PersonalDataEvent;
        if (event.type === 'PersonalDataErased') {
          erasures.push({ subjectId, erasedAt: event.data.erasedAt, reason: event.data.reason, by: e.metadata.actor?.id ?? 'unknown' });
          for (const id of event.data.newsletterSubjectIds) addresses.add(id);
        }
      }
    }
    // Blocks of the person's phone (the fake-order defence): the phone and why, who and when.
    const phoneBlocks: PersonalDataExportView['phoneBlocks'] = [];
    for (const subjectId of shoppers) {
      for (const e of await this.store.readStream(phoneBlockStream(subjectId))) {
        const event = { type: e.type, data: e.data } as PhoneBlockEvent;
        if (event.type === 'PhoneBlocked') phoneBlocks.push({ change: 'blocked', phone: event.data.phone, reason: event.data.reason, at: event.data.blockedAt, by: event.data.by.username });
        else if (event.type === 'PhoneUnblocked') phoneBlocks.push({ change: 'unblocked', phone: null, reason: null, at: event.data.unblockedAt, by: event.data.by.username });
      }
    }
    // The addresses the shopper gave at checkout, when subscribed.
    for (const o of orders) if (o.email) { const id = await keys?.findSubject('email', normaliseSubjectIdentifier('email', o.email)); if (id) addresses.add(id); }
    const newsletter = [];
    for (const id of addresses) {
      const row = await this.newsletter.byId(id).catch(() => undefined);
      newsletter.push(row ? { subscriberId: id, subscribed: true, email: row.email, subscribedAt: row.subscribedAt } : { subscriberId: id, subscribed: false, email: null, subscribedAt: null });
    }
    if (shoppers.size === 0 && addresses.size === 0) throw DomainError.notFound('NO_PERSONAL_DATA', `${Object.keys(asked)[0]}: the shop holds nothing under it`);
    return { generatedAt: new Date().toISOString(), asked, subjects: [...shoppers, ...addresses], orders, newsletter, corrections, erasures, phoneBlocks };
  }
}
