/**
 * Versioned event schemas (docs/adr/008-event-versions.md). The log keeps every event as it was
 * written, with its schema version in metadata.schemaVersion (absent or 1: the first schema).
 * The event store given to the API, the projector and the replay (createEventStore) stamps the
 * current version on append and upcasts older events on read, so deciders, projections and
 * readers only ever see the latest shape of each type.
 */
import { upcastCartCheckedOutV1, upcastCartCheckedOutV2, type CartCheckedOutDataV1, type CartCheckedOutDataV2 } from './cart/upcasters.js';
import { upcastPosterDetailsV1, upcastProductDetailsV1, type PosterDetailsV1, type ProductDetailsV1 } from './catalog/upcasters.js';
import { upcastAnnouncementChangedV1, type AnnouncementChangedDataV1 } from './content/upcasters.js';
import {
  upcastOrderPlacedV1,
  upcastOrderPlacedV2,
  upcastOrderStatusChangedV2,
  upcastStaffOrderEventV1,
  type OrderPlacedDataV1,
  type OrderPlacedDataV2,
  type OrderStatusChangedDataV1,
  type OrderStatusChangedDataV2,
  type PersonalDataCorrectedDataV1,
} from './order/upcasters.js';
import { upcastDiscountV1, type DiscountChangedDataV1, type DiscountCreatedDataV1 } from './promotion/upcasters.js';
import { CURRENT_SCHEMA_VERSION } from './shared/event.js';
import type { ShopEventType } from './shop-event.js';

/**
 * upcasters[type][n] turns schema n+1 data into schema n+2 (index 0: v1 → v2). A step may read
 * the event's metadata (who wrote it), never change it.
 */
const UPCASTERS: Partial<Record<ShopEventType, ReadonlyArray<(data: never, metadata: unknown) => unknown>>> = {
  OrderPlaced: [(data: OrderPlacedDataV1) => upcastOrderPlacedV1(data), (data: OrderPlacedDataV2) => upcastOrderPlacedV2(data)],
  CartCheckedOut: [(data: CartCheckedOutDataV1) => upcastCartCheckedOutV1(data), (data: CartCheckedOutDataV2) => upcastCartCheckedOutV2(data)],
  PosterCreated: [(data: PosterDetailsV1) => upcastPosterDetailsV1(data)],
  PosterDetailsChanged: [(data: PosterDetailsV1) => upcastPosterDetailsV1(data)],
  ProductCreated: [(data: ProductDetailsV1) => upcastProductDetailsV1(data)],
  ProductUpdated: [(data: ProductDetailsV1) => upcastProductDetailsV1(data)],
  AnnouncementChanged: [(data: AnnouncementChangedDataV1) => upcastAnnouncementChangedV1(data)],
  OrderStatusChanged: [(data: OrderStatusChangedDataV1, metadata) => upcastStaffOrderEventV1(data, metadata), (data: OrderStatusChangedDataV2) => upcastOrderStatusChangedV2(data)],
  PersonalDataCorrected: [(data: PersonalDataCorrectedDataV1, metadata) => upcastStaffOrderEventV1(data, metadata)],
  DiscountCreated: [(data: DiscountCreatedDataV1) => upcastDiscountV1(data)],
  DiscountChanged: [(data: DiscountChangedDataV1) => upcastDiscountV1(data)],
};

/** The version written for a type today: 1 plus its number of upcasters. */
export function currentSchemaVersion(type: string): number {
  return CURRENT_SCHEMA_VERSION + (UPCASTERS[type as ShopEventType]?.length ?? 0);
}

/**
 * Data of `type` written at `schemaVersion`, brought to the current schema (the same object when
 * it is current). A version newer than this code knows is returned as is: a rolling upgrade's
 * older replica reads what it can, as it did before versions existed.
 */
export function upcastEventData(type: string, schemaVersion: number | undefined, data: unknown, metadata?: unknown): { data: unknown; schemaVersion: number } {
  const steps = UPCASTERS[type as ShopEventType];
  let version = schemaVersion ?? CURRENT_SCHEMA_VERSION;
  if (!steps) return { data, schemaVersion: version };
  let current = data;
  while (version - CURRENT_SCHEMA_VERSION < steps.length) {
    current = steps[version - CURRENT_SCHEMA_VERSION](current as never, metadata);
    version++;
  }
  return { data: current, schemaVersion: version };
}
