import { PROMO_STATUS_WORDS, PROMO_STATUSES, promoStatus, type PromoStanding } from './promo-status.js';

const open: PromoStanding = { active: true, startsOn: null, endsOn: null, usageLimit: null, uses: 0 };
const today = '2026-11-28';

describe('where a promo code stands today', () => {
  it('is active with no rules, and on its first and last days (both inclusive)', () => {
    expect(promoStatus(open, today)).toBe('active');
    expect(promoStatus({ ...open, startsOn: today, endsOn: today }, today)).toBe('active');
  });

  it('is expired the day after its end, and scheduled before its start, not active', () => {
    expect(promoStatus({ ...open, endsOn: '2026-11-27' }, today)).toBe('expired');
    expect(promoStatus({ ...open, startsOn: '2026-11-29' }, today)).toBe('scheduled');
  });

  it('is used up when its uses reached the limit, and active again when one is given back', () => {
    expect(promoStatus({ ...open, usageLimit: 1, uses: 1 }, today)).toBe('used-up');
    expect(promoStatus({ ...open, usageLimit: 2, uses: 1 }, today)).toBe('active');
  });

  it('says inactive only for a code switched off that would otherwise work: ended, used up and not started outlast the switch', () => {
    expect(promoStatus({ ...open, active: false }, today)).toBe('inactive');
    expect(promoStatus({ ...open, active: false, endsOn: '2026-11-01' }, today)).toBe('expired');
    expect(promoStatus({ ...open, active: false, usageLimit: 3, uses: 3 }, today)).toBe('used-up');
    expect(promoStatus({ ...open, active: false, startsOn: '2026-12-01' }, today)).toBe('scheduled');
  });

  it('names every status in English and Arabic', () => {
    for (const s of PROMO_STATUSES) {
      expect(PROMO_STATUS_WORDS[s].en).toMatch(/^[A-Z][a-z ]+$/);
      expect(PROMO_STATUS_WORDS[s].ar).toMatch(/^[\u0600-\u06FF ]+$/);
    }
  });
});
