import { honestOutcome, noProviderReason } from './not-sent.js';

describe('a message the log provider took', () => {
  it('reads as not sent, naming the missing provider, even on a row recorded as sent before', () => {
    expect(honestOutcome({ channel: 'phone', status: 'sent', provider: 'log', lastError: null })).toEqual({ channel: 'phone', status: 'skipped', provider: null, lastError: 'not sent: no SMS provider configured' });
    expect(honestOutcome({ channel: 'email', status: 'sent', provider: 'log', lastError: null })).toEqual({ channel: 'email', status: 'skipped', provider: null, lastError: 'not sent: no e-mail provider configured' });
  });

  it('leaves a real provider\'s rows as they are', () => {
    const row = { channel: 'email' as const, status: 'sent', provider: 'smtp', lastError: null, id: 'm1' };
    expect(honestOutcome(row)).toBe(row);
    expect(noProviderReason('phone')).toBe('not sent: no SMS provider configured');
  });
});
