import type { Decider } from '../shared/decider.js';
import type { DomainCommand } from '../shared/event.js';
import type { ErasureReason, PersonalDataEvent } from './events.js';

export type EraseSubject = DomainCommand<'EraseSubject', {
  subjectId: string;
  newsletterSubjectIds: string[];
  orderIds: string[];
  reason: ErasureReason;
  at: string;
}>;

export interface SubjectState {
  erased: boolean;
}

/**
 * One subject's stream. Erasing twice appends nothing the second time: the key is already gone
 * (destroying it again is harmless, and the handler does) and the read models already forgot.
 */
export const erasureDecider: Decider<EraseSubject, PersonalDataEvent, SubjectState> = {
  initialState: { erased: false },
  decide(command, state) {
    if (state.erased) return [];
    const { subjectId, newsletterSubjectIds, orderIds, reason, at } = command.data;
    return [{ type: 'PersonalDataErased', data: { subjectId, newsletterSubjectIds: [...new Set(newsletterSubjectIds)], orderIds: [...new Set(orderIds)], reason, erasedAt: at } }];
  },
  evolve(state, event) {
    return event.type === 'PersonalDataErased' ? { erased: true } : state;
  },
};
