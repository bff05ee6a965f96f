import { evolveAll } from '../shared/decider.js';
import { erasureDecider, type EraseSubject, type HoldErasure } from './erasure.decider.js';
import { ERASURE_HOLD_BASIS, erasedSubjects, type PersonalDataErased } from './events.js';

const erase: EraseSubject = {
  type: 'EraseSubject',
  data: { subjectId: 's1', newsletterSubjectIds: ['n1', 'n1'], orderIds: ['o1', 'o2', 'o1'], reason: 'SUBJECT_REQUEST', at: '2026-11-26T10:00:00.000Z' },
};

describe('erasure decider', () => {
  it('erases once, naming each subject and order once and no personal data', () => {
    const events = erasureDecider.decide(erase, erasureDecider.initialState);
    expect(events).toEqual([{ type: 'PersonalDataErased', data: { subjectId: 's1', newsletterSubjectIds: ['n1'], orderIds: ['o1', 'o2'], reason: 'SUBJECT_REQUEST', erasedAt: '2026-11-26T10:00:00.000Z' } }]);
    expect(erasedSubjects(events[0].data as PersonalDataErased['data'])).toEqual(['s1', 'n1']);
  });

  it('appends nothing when the subject was already erased', () => {
    const state = evolveAll(erasureDecider, erasureDecider.decide(erase, erasureDecider.initialState));
    expect(state.erased).toBe(true);
    expect(erasureDecider.decide(erase, state)).toEqual([]);
  });

  const hold: HoldErasure = {
    type: 'HoldErasure',
    data: { subjectId: 's1', orderIds: ['o2', 'o1', 'o2'], reason: 'SUBJECT_REQUEST', at: '2026-11-26T10:00:00.000Z', expectedEnd: '2026-12-10T10:00:00.000Z' },
  };

  it('holds an erasure once for its open orders, with the law it rests on and its expected end', () => {
    const events = erasureDecider.decide(hold, erasureDecider.initialState);
    expect(events).toEqual([{ type: 'PersonalDataErasureHeld', data: { subjectId: 's1', orderIds: ['o1', 'o2'], reason: 'SUBJECT_REQUEST', legalBasis: ERASURE_HOLD_BASIS, heldAt: '2026-11-26T10:00:00.000Z', expectedEnd: '2026-12-10T10:00:00.000Z' } }]);
    expect(ERASURE_HOLD_BASIS).toMatch(/Law 151\/2020.*contract.*legal obligations/);
    const held = evolveAll(erasureDecider, events);
    expect(held).toEqual({ erased: false, held: events[0].data });
    expect(erasureDecider.decide(hold, held)).toEqual([]);
    expect(erasureDecider.decide({ ...hold, data: { ...hold.data, expectedEnd: null } }, held)).toHaveLength(1);
  });

  it('an erasure ends the hold, and nothing is held once erased', () => {
    const state = evolveAll(erasureDecider, [...erasureDecider.decide(hold, erasureDecider.initialState), ...erasureDecider.decide(erase, erasureDecider.initialState)]);
    expect(state).toEqual({ erased: true, held: null });
    expect(erasureDecider.decide(hold, state)).toEqual([]);
  });
});
