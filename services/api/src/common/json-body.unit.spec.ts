import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { textProblem } from '#domain/shared/text-rules.js';
import { bodyTextRefusal } from './edge-text.js';
import { MAX_JSON_DEPTH, scanJson } from './json-body.js';

const scan = (text: string, max = MAX_JSON_DEPTH) => scanJson(Buffer.from(text, 'utf8'), max);

/** Reference depth, by recursion (fine for the small values the property generates). */
function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v !== null && typeof v === 'object') return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

describe('scanJson (depth and text pre-scan on raw JSON bytes)', () => {
  it('allows exactly the limit and refuses one level more', () => {
    expect(scan('['.repeat(32) + ']'.repeat(32)).tooDeep).toBe(false);
    expect(scan('['.repeat(33) + ']'.repeat(33)).tooDeep).toBe(true);
    expect(scan('{"a":'.repeat(33) + '1' + '}'.repeat(33)).tooDeep).toBe(true);
    expect(scan('{"a":[{"b":[1,2,{"c":3}]}]}', 5).tooDeep).toBe(false);
    expect(scan('{"a":[{"b":[1,2,{"c":3}]}]}', 4).tooDeep).toBe(true);
  });

  it('refuses 100,000 nested arrays in one pass, without recursion', () => {
    const hostile = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(scan(hostile).tooDeep).toBe(true);
  });

  it('counts no bracket inside a string, and an escaped quote does not end the string', () => {
    expect(scan(JSON.stringify({ a: '['.repeat(100) })).tooDeep).toBe(false);
    expect(scan(JSON.stringify({ a: '"[[[[' + '\\'.repeat(3) + '"{{{{' })).tooDeep).toBe(false);
    // The backslash before the closing quote is itself escaped: the string ends there.
    expect(scan('["\\\\",' + '['.repeat(40) + ']'.repeat(40) + ']').tooDeep).toBe(true);
  });

  it('flags only strings that could break the text rule', () => {
    expect(scan(JSON.stringify({ firstName: 'Mona', city: 'القاهرة', note: 'poster 🎨' })).suspectText).toBe(true); // the emoji's 0xF0
    expect(scan(JSON.stringify({ firstName: 'Mona', city: 'القاهرة' })).suspectText).toBe(false);
    expect(scan('{"a":"x\\u0000"}').suspectText).toBe(true);
    expect(scan('{"a":"x\\n"}').suspectText).toBe(true);
    expect(scan('{"a":"\u007f"}').suspectText).toBe(true);
    expect(scan('{"a":"\ufdd0"}').suspectText).toBe(true);
    expect(scan('{"a":1}\n\t').suspectText).toBe(false);
  });

  it('agrees with a recursive depth and never lets a rule-breaking string through unflagged (seeded)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        const text = JSON.stringify(value);
        const result = scan(text, max);
        expect(result.tooDeep).toBe(depthOf(value) > max);
        if (!result.suspectText) expect(bodyTextRefusal(JSON.parse(text))).toBeUndefined();
      }),
      { seed: 20261124, numRuns: 1500 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), (value) => {
        const text = JSON.stringify(value);
        const parsed = JSON.parse(Buffer.from(text, 'utf8').toString('utf8')) as Record<string, string>;
        const breaks = Object.entries(parsed).some(([k, v]) => textProblem(k) !== undefined || textProblem(v) !== undefined);
        if (breaks) expect(scan(text).suspectText).toBe(true);
      }),
      { seed: 20261125, numRuns: 1500 },
    );
  });
});
