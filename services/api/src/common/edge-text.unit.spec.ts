import { describe, expect, it } from '@jest/globals';
import { bodyTextRefusal, requestTextRefusal } from './edge-text.js';

const at = (url: string, headers: Record<string, string> = {}) => requestTextRefusal({ url, headers });

describe('edge text check (URL, query, headers, bodies)', () => {
  it('passes ordinary requests, Arabic and emoji included', () => {
    expect(at('/api/public/posters?search=%D8%A7%D9%84%D9%82%D8%A7%D9%87%D8%B1%D8%A9&page=1&x=a+b')).toBeUndefined();
    expect(at('/api/public/posters/%F0%9F%8E%A8', { 'x-cart-id': 'c0ffee', 'x-wait-for-position': '12/12' })).toBeUndefined();
    expect(at('/api/user/cart?flag&=x&')).toBeUndefined();
  });

  it('names the part of the URL that breaks the rule', () => {
    expect(at('/api/public/posters/%00')).toBe('URL path contains a NUL byte');
    expect(at('/api/public/posters/%zz')).toBe('URL path has a malformed percent-encoding');
    expect(at('/api/x/%ED%A0%80')).toBe('URL path has a malformed percent-encoding');
    expect(at('/api/x/%EF%BF%BE')).toBe('URL path contains a non-character');
    expect(at('/api/public/posters?search=%00')).toBe('query parameter search contains a NUL byte');
    expect(at('/api/public/posters?search=a%0Ab')).toBe('query parameter search contains a control character');
    expect(at('/api/public/posters?se%01arch=1')).toBe('a query parameter name contains a control character');
    expect(at('/api/public/posters?search=%E0%A4%A')).toBe('query parameter search has a malformed percent-encoding');
    expect(at('/api/user/cart', { 'x-cart-id': 'a\tb' })).toBe('header X-Cart-Id contains a control character');
    expect(at('/api/user/cart', { 'idempotency-key': 'k\u0000' })).toBe('header Idempotency-Key contains a NUL byte');
  });

  it('names the body field, allowing line breaks only in multi-line fields', () => {
    expect(bodyTextRefusal({ customer: { firstName: 'Nul\u0000Byte' } })).toBe('customer.firstName contains a NUL byte');
    expect(bodyTextRefusal({ items: [{ name: 'ok' }, { name: '\ud800x' }] })).toBe('items[1].name contains a lone surrogate');
    expect(bodyTextRefusal({ notes: 'Ring twice\nThird floor\r\n\tthanks', description: 'a\nb', text: 'x\ny' })).toBeUndefined();
    expect(bodyTextRefusal({ notes: 'fine\u0007' })).toBe('notes contains a control character');
    expect(bodyTextRefusal({ firstName: 'Mona\nHassan' })).toBe('firstName contains a control character');
    expect(bodyTextRefusal({ ['bad\u0000key']: 1 })).toBe('a field name contains a NUL byte');
    expect(bodyTextRefusal({ a: { ['k\u0001']: 1 } })).toBe('a field name in a contains a control character');
    expect(bodyTextRefusal('a\nb', 'notes')).toBeUndefined();
    expect(bodyTextRefusal('a\u0000', 'price')).toBe('price contains a NUL byte');
  });
});
