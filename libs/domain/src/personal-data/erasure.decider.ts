import type { Decider } from '../shared/decider.js';
import type { DomainCommand } from '../shared/event.js';
import { ERASURE_HOLD_BASIS, type ErasureReason, type PersonalDataErasureHeld, type PersonalDataEvent } from './events.js';

export type EraseSubject = DomainCommand<'EraseSubject', {
  subjectId: string;
  newsletterSubjectIds: string[];
  orderIds: string[];
  reason: ErasureReason;
  at: string;
}>;

/** Hold the erasure while these orders are unfinished; it runs when they are (order/order-finished.ts). */
export type HoldErasure = DomainCommand<'HoldErasure', {
  subjectId: string;
  orderIds: string[];
  reason: ErasureReason;
  at: string;
  expectedEnd: string | null;
}>;

export type ErasureCommand = EraseSubject | HoldErasure;

export interface SubjectState {
  erased: boolean;
  /** The hold in force, if any (an erasure ends it). */
  held: PersonalDataErasureHeld['data'] | null;
}

/**
 * One subject's stream. Erasing twice appends nothing the second time: the key is already gone
 * (destroying it again is harmless, and the handler does) and the read models already forgot.
 */
export const erasureDecider: Decider<ErasureCommand, PersonalDataEvent, SubjectState> = {
  initialState: { erased: false, held: null },
  decide(command, state) {
    if (state.erased) return [];
    if (command.type === 'HoldErasure') {
      const { subjectId, reason, at, expectedEnd } = command.data;
      const orderIds = [...new Set(command.data.orderIds)].sort();
      // Holding again for the same orders and end records nothing new: one request, one hold.
      if (state.held && state.held.expectedEnd === expectedEnd && state.held.orderIds.join() === orderIds.join()) return [];
      return [{ type: 'PersonalDataErasureHeld', data: { subjectId, orderIds, reason, legalBasis: ERASURE_HOLD_BASIS, heldAt: at, expectedEnd } }];
    }
    const { subjectId, newsletterSubjectIds, orderIds, reason, at } = command.data;
    return [{ type: 'PersonalDataErased', data: { subjectId, newsletterSubjectIds: [...new Set(newsletterSubjectIds)], orderIds: [...new Set(orderIds)], reason, erasedAt: at } }];
  },
  evolve(state, event) {
    if (event.type === 'PersonalDataErasureHeld') return { ...state, held: event.data };
    return event.type === 'PersonalDataErased' ? { erased: true, held: null } : state;
  },
};
