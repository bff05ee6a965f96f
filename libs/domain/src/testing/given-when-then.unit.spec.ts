import { announcementDecider } from '../content/announcement.decider.js';
import { given } from './given-when-then.js';

describe('given-when-then helper', () => {
  const change = { type: 'ChangeAnnouncement', data: { text: 'Sale' } } as const;

  it('fails when the events differ', () => {
    expect(() => given(announcementDecider).when(change).then([])).toThrow();
  });

  it('fails when an error was expected but none was thrown, or another code was', () => {
    expect(() => given(announcementDecider).when(change).thenThrows('ANNOUNCEMENT_TOO_LONG')).toThrow();
    const long = { type: 'ChangeAnnouncement', data: { text: 'x'.repeat(600) } } as const;
    expect(() => given(announcementDecider).when(long).thenThrows('OTHER')).toThrow();
    expect(() => given(announcementDecider).when(long).thenThrows('ANNOUNCEMENT_TOO_LONG', 'conflict')).toThrow();
  });

  it('folds the given events first', () => {
    expect(given(announcementDecider, [{ type: 'AnnouncementChanged', data: { text: 'Sale' } }]).state.text).toBe('Sale');
  });
});
