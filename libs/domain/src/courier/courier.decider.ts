/** The shop's couriers (`couriers`): added and renamed by the owner, never deleted (orders name them). */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { CourierCommand } from './commands.js';
import type { CourierDetails, CourierEvent } from './events.js';
import { validTrackingUrlTemplate } from './tracking-url.js';

export const MAX_COURIER_NAME_LENGTH = 80;
/** A handful in practice; the bound keeps the one stream small. */
export const MAX_COURIERS = 50;

export interface CouriersState {
  couriers: readonly CourierDetails[];
}

export const initialCouriersState: CouriersState = Object.freeze({ couriers: [] });

function validName(value: unknown, others: readonly CourierDetails[]): string {
  const refuse = (why: string) => DomainError.validation('INVALID_COURIER_NAME', `name ${why}`, { name: why });
  if (typeof value !== 'string' || value.trim() === '') throw refuse('is required');
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length > MAX_COURIER_NAME_LENGTH) throw refuse(`must be at most ${MAX_COURIER_NAME_LENGTH} characters`);
  if (others.some((c) => c.name.toLowerCase() === name.toLowerCase())) throw refuse('is already another courier’s');
  return name;
}

export function decideCouriers(command: CourierCommand, state: CouriersState): CourierEvent[] {
  switch (command.type) {
    case 'AddCourier': {
      if (state.couriers.some((c) => c.courierId === command.data.courierId)) return [];
      if (state.couriers.length >= MAX_COURIERS) throw DomainError.conflict('TOO_MANY_COURIERS', `The shop can have at most ${MAX_COURIERS} couriers`);
      const name = validName(command.data.name, state.couriers);
      return [{ type: 'CourierAdded', data: { courierId: command.data.courierId, name, trackingUrlTemplate: validTrackingUrlTemplate(command.data.trackingUrlTemplate) } }];
    }
    case 'UpdateCourier': {
      const current = state.couriers.find((c) => c.courierId === command.data.courierId);
      if (!current) throw DomainError.notFound('COURIER_NOT_FOUND', 'Courier not found');
      const others = state.couriers.filter((c) => c !== current);
      const next: CourierDetails = {
        courierId: current.courierId,
        name: command.data.name === undefined ? current.name : validName(command.data.name, others),
        trackingUrlTemplate: command.data.trackingUrlTemplate === undefined ? current.trackingUrlTemplate : validTrackingUrlTemplate(command.data.trackingUrlTemplate),
      };
      if (next.name === current.name && next.trackingUrlTemplate === current.trackingUrlTemplate) return [];
      return [{ type: 'CourierUpdated', data: next }];
    }
    default:
      return assertNever(command, 'courier command');
  }
}

export function evolveCouriers(state: CouriersState, event: CourierEvent): CouriersState {
  switch (event.type) {
    case 'CourierAdded':
      return { couriers: [...state.couriers, { ...event.data }] };
    case 'CourierUpdated':
      return { couriers: state.couriers.map((c) => (c.courierId === event.data.courierId ? { ...event.data } : c)) };
    default:
      return assertNever(event, 'courier event');
  }
}

export const couriersDecider: Decider<CourierCommand, CourierEvent, CouriersState> = {
  decide: decideCouriers,
  evolve: evolveCouriers,
  initialState: initialCouriersState,
};
