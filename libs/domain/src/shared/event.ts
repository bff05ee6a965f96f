/**
 * The shape every domain event and command shares. Deciders return events without id or
 * metadata: the command handler adds the event id, correlation and actor when it appends,
 * so deciders stay pure.
 */
export type DomainEvent<Type extends string, Data extends object> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

export type DomainCommand<Type extends string, Data extends object> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

/** Who caused an event; mirrors the event-store metadata without importing that library. */
export interface Actor {
  kind: 'shopper' | 'admin' | 'system';
  /** Admin: the admin username; shopper: the cart id; system: the process name. */
  id: string;
}

/** Metadata written with every event (the event-store port stores it as given). */
export interface ShopEventMetadata {
  correlationId: string;
  causationId?: string;
  actor: Actor;
  occurredAt: string;
  schemaVersion: number;
}

/** The schema version of an event type that never changed shape; the later ones are in event-versions.ts. */
export const CURRENT_SCHEMA_VERSION = 1;
