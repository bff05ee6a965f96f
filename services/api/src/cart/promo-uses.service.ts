import { Inject, Injectable } from '@nestjs/common';
import type { PromoUsageCommand } from '#domain/promotion/commands.js';
import type { PromoRules } from '#domain/promotion/promo-rules.js';
import { promoUsageDecider } from '#domain/promotion/promo-usage.decider.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { promoUsageStream } from '#domain/streams.js';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { DeciderExecutor } from '../common/decider-executor.service.js';
import { PERSONAL_DATA } from '../common/tokens.js';

/**
 * Checkouts racing for a code's last uses each reload and decide again until one appends per
 * round; more rounds than this means more racers than any shop sees at once on one code.
 */
const USE_RETRIES = 64;

/** Promo code uses on the code's usage stream: taken at checkout, given back when an order is cancelled or refused. */
@Injectable()
export class PromoUses {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
  ) {}

  /**
   * Takes the order's use; true when this call appended it (false: the order held it already).
   * Throws PROMO_CODE_USED_UP or PROMO_CODE_ALREADY_USED (409).
   */
  async take(code: string, orderId: string, phone: string, rules: PromoRules, metadata?: Record<string, unknown>): Promise<boolean> {
    const customer = await this.customerOf(phone);
    const { events } = await this.run(code, { type: 'UsePromoCode', data: { code, orderId, customer, usageLimit: rules.usageLimit, oncePerCustomer: rules.oncePerCustomer } }, metadata);
    return events.length > 0;
  }

  async giveBack(code: string, orderId: string): Promise<void> {
    await this.run(code, { type: 'ReturnPromoCodeUse', data: { code, orderId } });
  }

  async retake(code: string, orderId: string): Promise<void> {
    await this.run(code, { type: 'RetakePromoCodeUse', data: { code, orderId } });
  }

  private run(code: string, command: PromoUsageCommand, metadata?: Record<string, unknown>) {
    // A popular code's checkouts take turns on its stream.
    return this.executor.execute({ stream: promoUsageStream(code), decider: promoUsageDecider, command, retries: USE_RETRIES, inTurn: true, ...(metadata ? { metadata } : {}) });
  }

  /**
   * The person, as the data subject of their (normalised) phone: one person however they write
   * it, and no phone in the log. Without encryption (events stored as written, the benchmarks'
   * baseline) an id derived from the phone, which such a log holds in plain text anyway.
   */
  private async customerOf(phone: string): Promise<string> {
    if (!this.personalData) return uuidFromName(`promo-customer:${phone}`);
    return (await this.personalData.keys.subjectFor('phone', phone)).subjectId;
  }
}
