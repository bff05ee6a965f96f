import { Inject, Injectable, Logger } from '@nestjs/common';
import { checkoutNotAccepted } from '#domain/order-screening/blocked-phone.js';
import { customerScreeningDecider } from '#domain/order-screening/customer-screening.decider.js';
import { phoneBlockDecider } from '#domain/order-screening/phone-block.decider.js';
import { orderScreenedEventId, personOfPhoneWithoutKeys, screenOrderCommand } from '#domain/order-screening/screen-order.js';
import { screeningSettingsDecider } from '#domain/order-screening/screening-settings.decider.js';
import type { OrderScreeningSettings } from '#domain/order-screening/screening-settings.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { phoneBlockStream, screeningSettingsStream, screeningStream } from '#domain/streams.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { PERSONAL_DATA } from '../common/tokens.js';

/** Two checkouts of one person at once each decide again after the other's append; more racers than this is no shopper. */
const SCREEN_RETRIES = 8;

/**
 * The fake-order defence at checkout, on the write side: a blocked person's checkout is refused
 * before anything is reserved, and a placed order is screened on the person's screening stream
 * (OrderScreened, appended right after OrderPlaced). People are their data subjects, never phones.
 */
@Injectable()
export class OrderScreening {
  private readonly logger = new Logger('OrderScreening');

  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
  ) {}

  /**
   * The person of a (normalised) phone, created when new. Without encryption (events stored as
   * written, the benchmarks' baseline) an id derived from the phone, which such a log holds in plain text anyway.
   */
  async personOf(phone: string): Promise<string> {
    if (!this.personalData) return personOfPhoneWithoutKeys(phone);
    return (await this.personalData.keys.subjectFor('phone', phone)).subjectId;
  }

  async settings(): Promise<OrderScreeningSettings> {
    return (await this.executor.load(screeningSettingsStream(), screeningSettingsDecider)).state;
  }

  /**
   * Refuses (CHECKOUT_NOT_ACCEPTED, neutral) a checkout with a blocked phone. Asked only of a
   * checkout already decided, whose CartCheckedOut needs the person's subject next: asking for it
   * here (created when new) costs that append nothing, as the key store keeps it, where a lookup
   * that never creates would be one more round trip for every new shopper.
   */
  async refuseIfBlocked(phone: string): Promise<void> {
    const subjectId = await this.personOf(phone);
    if ((await this.executor.load(phoneBlockStream(subjectId), phoneBlockDecider)).state.blocked) throw checkoutNotAccepted();
  }

  /**
   * Screens a placed order (idempotent: a retry appends nothing). Its failure does not undo the
   * order the shopper was told about: it is logged, and the order shows no flag.
   */
  async screen(order: OrderPlaced['data']): Promise<void> {
    try {
      const subjectId = await this.personOf(order.customer.phone);
      const settings = await this.settings();
      await this.executor.execute({
        stream: screeningStream(subjectId),
        decider: customerScreeningDecider,
        command: screenOrderCommand(subjectId, settings, order),
        retries: SCREEN_RETRIES,
        eventId: () => orderScreenedEventId(order.orderId),
        // One person's racing checkouts are screened in turn.
        inTurn: true,
      });
    } catch (e) {
      this.logger.warn(`order ${order.orderNumber} not screened: ${String(e)}`);
    }
  }
}
