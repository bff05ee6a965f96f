import { given } from '../testing/given-when-then.js';
import { couriersDecider } from './courier.decider.js';
import type { CourierAdded } from './events.js';
import { trackingUrl, validTrackingUrlTemplate } from './tracking-url.js';

const bosta: CourierAdded = { type: 'CourierAdded', data: { courierId: 'k1', name: 'Bosta', trackingUrlTemplate: 'https://bosta.co/tracking-shipments?shipment-number={tracking}' } };

describe('couriers decider', () => {
  it('adds a courier once: adding the same id again changes nothing', () => {
    given(couriersDecider)
      .when({ type: 'AddCourier', data: { courierId: 'k1', name: '  Bosta ', trackingUrlTemplate: ' https://bosta.co/tracking-shipments?shipment-number={tracking} ' } })
      .then([bosta]);
    given(couriersDecider, [bosta]).when({ type: 'AddCourier', data: { courierId: 'k1', name: 'Bosta' } }).then([]);
  });

  it('refuses a blank or taken name, naming the field', () => {
    given(couriersDecider).when({ type: 'AddCourier', data: { courierId: 'k2', name: ' ' } }).thenThrows('INVALID_COURIER_NAME', 'validation');
    given(couriersDecider, [bosta]).when({ type: 'AddCourier', data: { courierId: 'k2', name: 'BOSTA' } }).thenThrows('INVALID_COURIER_NAME', 'validation');
  });

  it('updates only what is given, and nothing when nothing differs', () => {
    given(couriersDecider, [bosta])
      .when({ type: 'UpdateCourier', data: { courierId: 'k1', trackingUrlTemplate: null } })
      .then([{ type: 'CourierUpdated', data: { courierId: 'k1', name: 'Bosta', trackingUrlTemplate: null } }]);
    given(couriersDecider, [bosta]).when({ type: 'UpdateCourier', data: { courierId: 'k1', name: 'Bosta' } }).then([]);
    given(couriersDecider).when({ type: 'UpdateCourier', data: { courierId: 'k9', name: 'X' } }).thenThrows('COURIER_NOT_FOUND', 'not_found');
  });
});

describe('tracking URL template', () => {
  it.each([
    ['http://bosta.co/{tracking}', 'https'],
    ['https://bosta.co/track', '{tracking}'],
    ['https://bosta.co/{tracking}/{tracking}', 'exactly once'],
    ['javascript:alert(1)//{tracking}', 'https'],
    ['https://user:pw@bosta.co/{tracking}', 'user name'],
    [42, 'text'],
  ])('refuses %p, naming trackingUrlTemplate', (template, why) => {
    let error: unknown;
    try {
      validTrackingUrlTemplate(template);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'INVALID_TRACKING_URL', fieldErrors: { trackingUrlTemplate: expect.stringContaining(why) } });
  });

  it('is optional, and encodes the tracking number into the link', () => {
    expect(validTrackingUrlTemplate('  ')).toBeNull();
    expect(trackingUrl('https://bosta.co/t?n={tracking}', 'A B/1&x')).toBe('https://bosta.co/t?n=A%20B%2F1%26x');
    expect(trackingUrl(null, 'A1')).toBeNull();
    expect(trackingUrl('https://bosta.co/t?n={tracking}', null)).toBeNull();
  });
});
