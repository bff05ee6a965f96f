import { PERSONAL_FIELDS } from '#domain/personal-data/personal-fields.js';
import { ALL_PROJECTIONS } from './all-projections.js';

/**
 * Projections that read events with personal fields but store none of them, reviewed one by one:
 * bestsellers (items and quantities), dashboard (totals, statuses, governorate, days),
 * cart-funnel (lines, governorate, times),
 * checkout-completion (a reactor: no rows), staff-activity (order numbers, the corrected fields'
 * names, staff usernames and roles), couriers (order numbers, totals, statuses, couriers and
 * tracking numbers), cod-outcomes' and customer-messages' reading of status moves (no reason kept),
 * order-history keeps the reasons staff wrote, so it erases them.
 * A new projection of such events erases (its `erase`)
 * or joins this list after the same review.
 */
const STORES_NO_PERSONAL_FIELD = ['bestsellers', 'dashboard', 'cart-funnel', 'checkout-completion', 'staff-activity', 'couriers'];

describe('personal-data erasure in the projections', () => {
  it('every projection that reads personal fields follows PersonalDataErased, or stores none of them', () => {
    const readsPersonal = ALL_PROJECTIONS.filter((p) => p.eventTypes.some((t) => t in PERSONAL_FIELDS));
    const erases = readsPersonal.filter((p) => p.eventTypes.includes('PersonalDataErased')).map((p) => p.name);
    const keeps = readsPersonal.filter((p) => !p.eventTypes.includes('PersonalDataErased')).map((p) => p.name);
    expect(erases.sort()).toEqual(['cod-outcomes', 'customer-messages', 'customers', 'newsletter', 'order-history', 'order-screening', 'orders']);
    expect(keeps.sort()).toEqual([...STORES_NO_PERSONAL_FIELD].sort());
  });
});
