import type { DomainCommand } from '../shared/event.js';

/** courierId is minted by the caller; name and template are validated by the decider. */
export type AddCourier = DomainCommand<'AddCourier', { courierId: string; name: unknown; trackingUrlTemplate?: unknown }>;
/** Fields left out keep their value. */
export type UpdateCourier = DomainCommand<'UpdateCourier', { courierId: string; name?: unknown; trackingUrlTemplate?: unknown }>;

export type CourierCommand = AddCourier | UpdateCourier;
