/**
 * The screening of an order the checkout completion placed, as checkout screens its own
 * (OrderScreened on the person's screening stream, ADR 019): the same command and the same
 * derived event id, so an API that screens it too appends nothing. The projector has no decider
 * executor, so this loads the two streams and appends with the revision it decided on.
 */
import { customerScreeningDecider } from '#domain/order-screening/customer-screening.decider.js';
import { orderScreenedEventId, personOfPhoneWithoutKeys, screenOrderCommand } from '#domain/order-screening/screen-order.js';
import { screeningSettingsDecider } from '#domain/order-screening/screening-settings.decider.js';
import type { OrderScreened, OrderScreeningSettingsChanged } from '#domain/order-screening/events.js';
import type { OrderPlaced } from '#domain/order/events.js';
import { evolveAll } from '#domain/shared/decider.js';
import { screeningSettingsStream, screeningStream } from '#domain/streams.js';
import { WrongExpectedRevision, type EventStore } from '#event-store/event-store.port.js';

/** As checkout's: one person's racing screenings each decide again after the other's append. */
const SCREEN_RETRIES = 8;

export interface CompletedOrderOrigin {
  /** The person (metadata.subjectId of the cart's event); absent in a log without a key store. */
  subjectId: unknown;
  correlationId: string;
  orderPlacedId: string;
}

export async function screenCompletedOrder(log: EventStore, order: OrderPlaced['data'], origin: CompletedOrderOrigin): Promise<void> {
  const subjectId = typeof origin.subjectId === 'string' ? origin.subjectId : personOfPhoneWithoutKeys(order.customer.phone);
  const settingsEvents = await log.readStream(screeningSettingsStream());
  const settings = evolveAll(screeningSettingsDecider, settingsEvents as unknown as OrderScreeningSettingsChanged[]);
  const stream = screeningStream(subjectId);
  for (let attempt = 0; ; attempt++) {
    const recorded = await log.readStream(stream);
    const state = evolveAll(customerScreeningDecider, recorded as unknown as OrderScreened[]);
    const [screened] = customerScreeningDecider.decide(screenOrderCommand(subjectId, settings, order), state);
    if (!screened) return; // screened already: by the API, or by an earlier try of this one
    const metadata = {
      correlationId: origin.correlationId,
      causationId: origin.orderPlacedId,
      actor: { kind: 'system' as const, id: 'checkout-completion' },
      occurredAt: new Date().toISOString(),
    };
    try {
      await log.append(stream, [{ id: orderScreenedEventId(order.orderId), type: screened.type, data: screened.data, metadata }], {
        expectedRevision: recorded.length > 0 ? recorded[recorded.length - 1].revision : 'no_stream',
      });
      return;
    } catch (e) {
      if (!(e instanceof WrongExpectedRevision) || attempt >= SCREEN_RETRIES) throw e;
    }
  }
}
