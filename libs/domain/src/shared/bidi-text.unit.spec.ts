import fc from 'fast-check';
import { hasBidiControl, isolated, withoutBidiControls, withoutEmbeddings } from './bidi-text.js';

describe('text that cannot reorder itself', () => {
  it('removes embeddings, overrides and isolates, and keeps the marks Arabic keyboards type', () => {
    expect(withoutBidiControls('Street \u202E12 nomis')).toBe('Street 12 nomis');
    expect(withoutBidiControls('\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069')).toBe('');
    // LRM, RLM and the Arabic letter mark stay where they were typed.
    expect(withoutBidiControls('\u200Eمنى\u200F 3\u061C')).toBe('\u200Eمنى\u200F 3\u061C');
    expect(hasBidiControl('a\u2067b')).toBe(true);
    expect(hasBidiControl('\u200F\u061C')).toBe(false);
  });

  it('keeps isolates when only embeddings and overrides are to go (a composed line keeps its own)', () => {
    expect(withoutEmbeddings('\u2068Street \u202E12\u2069, Apt 3')).toBe('\u2068Street 12\u2069, Apt 3');
  });

  it('isolates a value with FSI … PDI after removing its own controls; nothing stays nothing', () => {
    expect(isolated('منى')).toBe('\u2068منى\u2069');
    expect(isolated('Street \u202E12 \u2069nomis')).toBe('\u2068Street 12 nomis\u2069');
    expect(isolated(12)).toBe('\u206812\u2069');
    for (const empty of ['', '\u202E', null, undefined]) expect(isolated(empty)).toBe('');
  });

  it('leaves exactly one isolate, balanced, around any value', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ب', '1', ' ', '\u200F', '\u061C', '\u202A', '\u202E', '\u2066', '\u2068', '\u2069') }), (s) => {
        const out = isolated(s);
        const inner = out.slice(1, -1);
        expect(hasBidiControl(inner)).toBe(false);
        if (out !== '') expect([out[0], out.at(-1)]).toEqual(['\u2068', '\u2069']);
        expect(inner.replace(/[^\u200F\u061C]/g, '')).toBe(s.replace(/[^\u200F\u061C]/g, ''));
      }),
    );
  });
});
