import { phoneKey } from '#domain/order/cod-risk.js';
import type { RecordedEvent } from '#event-store/event-store.port.js';

/**
 * Who an order's shopper is, for every row about a person (customers, COD risk, an order's
 * subject_id): the data subject the log filed the event under (metadata.subjectId, docs/adr/012),
 * so a row outlives the erasure of the phone it was found by. An event written before encryption
 * has none: its phone is the key, as it was, until the log is rewritten and the projections rebuilt.
 */
export function personKey(event: RecordedEvent, phone: unknown): string {
  const subjectId = (event.metadata as { subjectId?: unknown } | undefined)?.subjectId;
  return typeof subjectId === 'string' && subjectId.length > 0 ? subjectId : phoneKey(phone);
}
