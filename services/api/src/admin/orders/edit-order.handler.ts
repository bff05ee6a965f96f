import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import type { OrderEdited, OrderVersion } from '#domain/order/events.js';
import { validateOrderEdit, type OrderEditInput, type ValidOrderEdit } from '#domain/order/order-edit.js';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { ShopRules } from '#domain/shop-config.js';
import { orderStream } from '#domain/streams.js';
import type { EventStore, Position } from '#event-store/event-store.port.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { SHOP_RULES } from '../../catalog/shop-rules.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { EVENT_STORE, PERSONAL_DATA } from '../../common/tokens.js';
import { CatalogueAtPlacing } from './catalogue-at-placing.js';

export interface OrderEditOutcome {
  orderNumber: string;
  /** The parts that changed (none: the order already was this). */
  fields: string[];
  before: OrderVersion;
  after: OrderVersion;
  /** The order's revision after the edit (the same when nothing changed, or on a preview). */
  revision: number;
  promoCode: string | null;
}

export class EditOrderCommand extends Command<OrderEditOutcome> {
  constructor(
    readonly orderId: string,
    readonly input: OrderEditInput,
    /** Who edits it, in which role: recorded in the event. */
    readonly by: StaffActor,
    /** The order's revision the staff member saw: any change since is a 409, and nothing is appended. */
    readonly expectedRevision: number,
    /** Price the edit and answer, appending nothing. */
    readonly preview: boolean,
  ) {
    super();
  }
}

/**
 * Staff edit an order before it ships: validated, priced as at placing (CatalogueAtPlacing and
 * the order's record, docs/adr/021) and appended as one OrderEdited, only onto the revision the
 * staff member saw. A preview prices the same way and appends nothing, so the back-office shows
 * totals the server computed. A new phone may not be another customer's (409 naming it); once
 * appended it is added to the subject's lookup, as a correction's is.
 */
@CommandHandler(EditOrderCommand)
export class EditOrderHandler implements ICommandHandler<EditOrderCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    private readonly catalogue: CatalogueAtPlacing,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SHOP_RULES) private readonly rules: ShopRules,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
  ) {}

  async execute(c: EditOrderCommand): Promise<OrderEditOutcome> {
    const edit = validateOrderEdit(c.input, this.rules);
    const stream = orderStream(c.orderId);
    const [first] = await this.store.readStream(stream, { maxCount: 1 });
    if (!first || first.type !== 'OrderPlaced') throw DomainError.notFound('ORDER_NOT_FOUND', 'Order not found');
    const subjectId = typeof first.metadata.subjectId === 'string' ? first.metadata.subjectId : undefined;
    const decideOn = async (state: OrderState, revision: bigint) => {
      if (revision !== BigInt(c.expectedRevision)) throw DomainError.conflict('ORDER_CHANGED', `${state.orderNumber || 'The order'} was changed meanwhile (revision ${revision}, you saw ${c.expectedRevision}): reload it`);
      await this.refuseAnotherCustomersPhone(state, edit, subjectId);
      return { type: 'EditOrder' as const, data: { orderId: c.orderId, edit, facts: { atPlacing: await this.atPlacing(state, edit, first.position), rules: this.rules }, by: c.by } };
    };
    if (c.preview) {
      const loaded = await this.executor.load(stream, orderDecider);
      const events = orderDecider.decide(await decideOn(loaded.state, loaded.revision), loaded.state);
      return this.outcome(loaded.state, events as OrderEdited[], loaded.revision);
    }
    let before: OrderState | undefined;
    const result = await this.executor.execute({
      stream,
      decider: orderDecider,
      command: async (state: OrderState, loaded) => {
        before = state;
        return decideOn(state, loaded.revision);
      },
      commandType: 'EditOrder',
      // Never decided again on a newer order: the staff member saw this revision and no other.
      retries: 0,
    });
    const phone = result.state.order?.customer.phone;
    const keys = this.personalData?.keys;
    if (keys && subjectId && phone) await keys.addLookup(subjectId, 'phone', phone);
    return this.outcome(before ?? result.state, result.events as OrderEdited[], result.revision);
  }

  private outcome(state: OrderState, events: OrderEdited[], revision: bigint): OrderEditOutcome {
    const edited = events.find((e) => e.type === 'OrderEdited');
    const current = state.order!;
    const version = { customer: { ...current.customer, notes: current.customer.notes ?? null }, items: current.items, totals: current.totals, priceRules: current.priceRules };
    return {
      orderNumber: state.orderNumber,
      fields: edited?.data.fields ?? [],
      before: edited?.data.before ?? version,
      after: edited?.data.after ?? version,
      revision: Number(revision),
      promoCode: current.promoCode,
    };
  }

  /** The catalogue streams the edit's lines and the order's lines need, folded to the order's placing. */
  private atPlacing(state: OrderState, edit: ValidOrderEdit, placedAt: Position) {
    const items = state.order?.items ?? [];
    const lines = edit.lines ?? [];
    return this.catalogue.load(placedAt, {
      posterIds: [...items.map((i) => i.posterId), ...lines.map((l) => ('posterId' in l ? l.posterId : null))].filter((id): id is string => id !== null),
      productIds: lines.flatMap((l) => ('productId' in l ? [l.productId] : [])),
      custom: items.some((i) => i.kind === 'custom'),
      promoCode: state.order?.promoCode ?? null,
    });
  }

  private async refuseAnotherCustomersPhone(state: OrderState, edit: ValidOrderEdit, subjectId: string | undefined): Promise<void> {
    const keys = this.personalData?.keys;
    const phone = edit.customer.phone;
    if (!keys || !subjectId || !phone || phone === state.order?.customer.phone) return;
    const owner = await keys.findSubject('phone', phone);
    if (owner && owner !== subjectId) throw new DomainError('PHONE_OF_ANOTHER_CUSTOMER', "phone: this phone is another customer's", 'conflict', { phone: "This phone is another customer's" });
  }
}
