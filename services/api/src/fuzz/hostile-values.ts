import fc from 'fast-check';

/**
 * Generic hostile input for the OpenAPI fuzz suite: texts, numbers and JSON values a client can
 * send whatever the schema says. Every value here must be sendable by a real HTTP client; what
 * Node's client itself refuses (NUL in a header) is left out rather than failing client-side.
 */

/** A JSON text fragment written as is (numbers JSON.stringify cannot produce: 1e999, -0). */
export const RAW = '\u0001raw:';
export const raw = (token: string) => RAW + token;

const SPECIAL_TEXTS = [
  '',
  ' ',
  '   \t ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\uFFFE',
  '\uFFFF',
  '\uFDD0',
  '\u0007\u0008\u001B[31m',
  '\r\n\r\n',
  '\u2028\u2029',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-400',
  '0x1F',
  '1_000',
  '9'.repeat(400),
  '12abc',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/uploads/../../etc/passwd',
  "' OR '1'='1' --",
  "'; DROP TABLE event_store.events; --",
  '%',
  '%00',
  '%zz',
  '$where',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '😀🎉',
  '👩‍👩‍👧‍👦',
  'مرحبا',
  'ﷺ',
  'Ⅻ',
  'İı',
  'ß',
  'SIZE_',
  'SIZE_20x30 ',
  'size_30x40',
  'COD ',
  'cairo',
  'a@b',
  '@@',
  'x'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7dx',
];

/** Any text, hostile ones much more often than chance would pick them. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_TEXTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.nat({ max: 5000 }).map((n) => 'A'.repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    0.1,
    0.005,
    -100,
    101,
    2 ** 31,
    -(2 ** 31),
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    raw('1e999'),
    raw('-1e999'),
    raw('1e-999'),
    raw('-0.0'),
    raw('123456789012345678901234567890'),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Texts that look like numbers to a lenient parser. */
export const numberishText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '1e-400', '0x10', '0b1', '0o7', ' 5 ', '5.', '.5', '+5', '-0', '1,5', '١٢', '１２', '5e2', '99999999999999999999999'),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
);

/** Dates a Date parser accepts and a database may not, and dates no calendar has. */
export const dateishText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2026-01-01',
    '2026-02-30',
    '2026-13-01',
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '1969-12-31T23:59:59Z',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '+275760-09-14T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    '2026-01-01T25:00:00Z',
    '2026-01-01T00:00:00+99:00',
    'Invalid Date',
    '0',
    '-1',
    '8640000000000001',
    'Sat, 01 Jan 2000 00:00:00 GMT',
    'January 1, 10000',
    '10000',
    '1',
    '99999',
  ),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Names of fields a body may carry beside the schema's. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'id', 'type', 'data', 'metadata', 'streamId', 'position', 'actor', 'role', 'isAdmin', ''),
  fc.string({ maxLength: 12 }),
);

/**
 * Nesting far past what any DTO expects, in the two shapes a parser walks. Written as JSON text
 * (a RAW token): the serialiser here would overflow its own stack on a value this deep.
 */
export const deepValue: fc.Arbitrary<unknown> = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, arrays]) =>
  raw(arrays ? '['.repeat(depth) + '0' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth)),
);

/** Anything a JSON body can hold in a field, most of it the wrong type for that field. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: numberishText },
  { weight: 1, arbitrary: dateishText },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.oneof(hostileText, hostileNumber, fc.constant(null)), { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(extraKey, fc.oneof(hostileText, hostileNumber, fc.constant(null)), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepValue },
);

/**
 * Serialises a body; RAW markers (see raw()) become bare JSON tokens. JSON.stringify escapes
 * lone surrogates as \udXXX, so they reach the server as the escape, which parses back to them.
 */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
  return text.replace(/"\\u0001raw:((?:[^"\\]|\\.)*)"/g, (_m, token: string) => JSON.parse(`"${token}"`));
}

/** Malformed or unusual JSON texts, sent with a JSON content type. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '[',
    '{"a":}',
    '{"a":1,}',
    '[1,2',
    "{'a':1}",
    '{a:1}',
    'NaN',
    'undefined',
    '{"a":NaN}',
    '{"quantity":Infinity}',
    '{"a":1e999}',
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":"\\x41"}',
    '{"a":"unterminated}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1}{"b":2}',
    '{"a":1} trailing',
    '"just a string"',
    '123',
    'true',
    'null',
    '/*comment*/{}',
    '{"a":1,"a":2}',
  ),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }).chain((v) => {
    const text = JSON.stringify(v) ?? 'null';
    return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut));
  }),
);

/**
 * Percent-encodes every UTF-16 unit, lone surrogates included (as their WTF-8 bytes, which no
 * UTF-8 decoder accepts): encodeURIComponent throws on those, a hostile client does not.
 */
export function encodeLoose(text: string): string {
  if (!/[\uD800-\uDFFF]/.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** Path segments written already encoded: broken escapes, encoded slashes and dots, overlong UTF-8. */
export const preEncodedSegment = fc.constantFrom(
  '%',
  '%2',
  '%zz',
  '%00',
  '%2F',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%EF%BF%BE',
  '%FF%FE',
  '%E0%A4%A',
  '..;',
  ';x=1',
  '%3Bx%3D1',
  '%23frag',
  '%3F',
  '%5B%5D',
  '%20',
  '+',
);

/** Header-safe hostile text: Node's client refuses control characters in header values. */
export const hostileHeaderText: fc.Arbitrary<string> = fc.oneof(
  hostileText.map(toHeaderSafe),
  fc.constantFrom('', ' ', 'null', 'undefined', '-1', 'NaN', '../..', '\u00ff\u00fe', 'é', 'x'.repeat(2000), '1/2', '-1/-1', 'a/b', '18446744073709551616/1', '1/', '/'),
);

export function toHeaderSafe(text: string): string {
  // Keep what a header may carry (tab, visible ASCII, Latin-1); everything else becomes '?'.
  return text.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '?');
}
