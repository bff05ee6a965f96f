import { isShopEventType, SHOP_EVENT_TYPES } from './shop-event.js';

describe('shop event catalogue', () => {
  it('lists every event type once', () => {
    expect(new Set(SHOP_EVENT_TYPES).size).toBe(SHOP_EVENT_TYPES.length);
    expect(SHOP_EVENT_TYPES).toHaveLength(68);
  });

  it('recognises stored type strings', () => {
    expect(isShopEventType('OrderPlaced')).toBe(true);
    expect(isShopEventType('CartCheckedOut')).toBe(true);
    expect(isShopEventType('OrderPlacedEvent')).toBe(false);
  });
});
