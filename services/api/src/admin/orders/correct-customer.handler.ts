import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StaffActor } from '#domain/admin/staff-actor.js';
import { correctionOf, validateCorrection, type CorrectableField } from '#domain/order/customer-correction.js';
import { orderDecider, type OrderState } from '#domain/order/order.decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { orderStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { EVENT_STORE, PERSONAL_DATA } from '../../common/tokens.js';

export class CorrectCustomerCommand extends Command<{ orderNumber: string; corrected: CorrectableField[] }> {
  constructor(
    readonly orderId: string,
    readonly changes: Partial<Record<CorrectableField, unknown>>,
    /** Who corrects it, in which role: recorded in the event. */
    readonly by: StaffActor,
  ) {
    super();
  }
}

/**
 * An admin corrects an order's customer: one PersonalDataCorrected, encrypted under the order's
 * subject. A corrected phone stays with that person: it may not already be another customer's
 * (409 naming the phone), and after the append it is added to the subject's lookup, so the next
 * checkout with it files under the same person (done again on a retry: the lookup is idempotent).
 */
@CommandHandler(CorrectCustomerCommand)
export class CorrectCustomerHandler implements ICommandHandler<CorrectCustomerCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
  ) {}

  async execute(c: CorrectCustomerCommand) {
    const keys = this.personalData?.keys;
    const [first] = await this.store.readStream(orderStream(c.orderId), { maxCount: 1 });
    const subjectId = typeof first?.metadata.subjectId === 'string' ? first.metadata.subjectId : undefined;
    const result = await this.executor.execute({
      stream: orderStream(c.orderId),
      decider: orderDecider,
      command: async (state: OrderState) => {
        const changes = validateCorrection(c.changes);
        if (keys && subjectId && state.customer && correctionOf(state.customer, changes).fields.includes('phone')) {
          const owner = await keys.findSubject('phone', changes.phone!);
          if (owner && owner !== subjectId) throw new DomainError('PHONE_OF_ANOTHER_CUSTOMER', 'phone: this phone is another customer\'s', 'conflict', { phone: "This phone is another customer's" });
        }
        return { type: 'CorrectCustomer' as const, data: { orderId: c.orderId, changes, by: c.by } };
      },
      commandType: 'CorrectCustomer',
      retries: 2,
    });
    const phone = result.state.customer?.phone;
    if (keys && subjectId && phone) await keys.addLookup(subjectId, 'phone', phone);
    return { orderNumber: result.state.orderNumber, corrected: result.events.flatMap((e) => (e.type === 'PersonalDataCorrected' ? e.data.fields : [])) };
  }
}
