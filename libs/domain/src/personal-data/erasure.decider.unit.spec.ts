import { evolveAll } from '../shared/decider.js';
import { erasureDecider, type EraseSubject } from './erasure.decider.js';
import { erasedSubjects } from './events.js';

const erase: EraseSubject = {
  type: 'EraseSubject',
  data: { subjectId: 's1', newsletterSubjectIds: ['n1', 'n1'], orderIds: ['o1', 'o2', 'o1'], reason: 'SUBJECT_REQUEST', at: '2026-11-26T10:00:00.000Z' },
};

describe('erasure decider', () => {
  it('erases once, naming each subject and order once and no personal data', () => {
    const events = erasureDecider.decide(erase, erasureDecider.initialState);
    expect(events).toEqual([{ type: 'PersonalDataErased', data: { subjectId: 's1', newsletterSubjectIds: ['n1'], orderIds: ['o1', 'o2'], reason: 'SUBJECT_REQUEST', erasedAt: '2026-11-26T10:00:00.000Z' } }]);
    expect(erasedSubjects(events[0].data)).toEqual(['s1', 'n1']);
  });

  it('appends nothing when the subject was already erased', () => {
    const state = evolveAll(erasureDecider, erasureDecider.decide(erase, erasureDecider.initialState));
    expect(state.erased).toBe(true);
    expect(erasureDecider.decide(erase, state)).toEqual([]);
  });
});
