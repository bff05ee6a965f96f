import { Inject, Injectable, Logger } from '@nestjs/common';
import { checkoutRejected } from '#domain/checkout/checkout-rejected.js';
import { isDomainError } from '#domain/shared/domain-error.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { parseGovernorate } from '#domain/shop-config.js';
import { checkoutRejectionStream } from '#domain/streams.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { eventMetadata } from '../common/execute-decider.js';
import { EVENT_STORE } from '../common/tokens.js';

/**
 * Records a checkout (or promo code) the shop refused for a business rule as CheckoutRejected, for
 * the cart funnel: the reason and governorate only (checkout-rejected.ts says what is recorded and
 * what is not). The shopper's answer is the refusal either way: a failure to record is logged.
 *
 * One event per cart and reason: its id is derived from both, so the store takes a repeat as an
 * idempotent retry and appends nothing. The funnel counts carts refused for a reason, and a
 * client hammering checkout with a bad cart cannot grow the log with refusals.
 */
@Injectable()
export class CheckoutRejectionRecorder {
  private readonly logger = new Logger('CheckoutRejection');

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async refusals<T>(cartId: string, governorate: unknown, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      const event = isDomainError(e) ? checkoutRejected(cartId, e, parseGovernorate(governorate) ?? null) : undefined;
      if (event) {
        await this.store
          .append(checkoutRejectionStream(cartId), [{ id: uuidFromName(`CheckoutRejected:${cartId}:${event.data.reason}`), ...event, metadata: eventMetadata() }])
          .catch((failure: unknown) => this.logger.warn(`not recorded: ${String(failure)}`));
      }
      throw e;
    }
  }
}
