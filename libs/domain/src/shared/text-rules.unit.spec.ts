import fc from 'fast-check';
import { findTextViolation, textProblem } from './text-rules.js';

describe('text rules', () => {
  it('accepts ordinary text in any script, emoji included', () => {
    for (const s of ['Omar Hassan', 'شارع التحرير ٢٣', 'Café №5', '😀 poster', '', 'a\u00a0b']) expect(textProblem(s)).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(textProblem('a@b.co\u0000')).toBe('NUL byte');
    expect(textProblem('Nul\u0000Byte')).toBe('NUL byte');
    expect(textProblem('\ud800x')).toBe('lone surrogate');
    expect(textProblem('x\udc00')).toBe('lone surrogate');
    expect(textProblem('bell\u0007')).toBe('control character');
    expect(textProblem('del\u007f')).toBe('control character');
    expect(textProblem('\ufffe')).toBe('non-character');
    expect(textProblem('\ufdd0')).toBe('non-character');
    expect(textProblem('\ud83f\udffe')).toBe('non-character'); // U+1FFFE
  });

  it('allows tab and line breaks only when asked, never NUL', () => {
    expect(textProblem('line 1\nline 2')).toBe('control character');
    expect(textProblem('line 1\r\n\tline 2', { allowLineBreaks: true })).toBeUndefined();
    expect(textProblem('a\u0000', { allowLineBreaks: true })).toBe('NUL byte');
  });

  it('finds the first bad string or key in a nested value, with its path', () => {
    expect(findTextViolation({ customer: { firstName: 'Nul\u0000Byte' } })).toEqual({ path: 'customer.firstName', problem: 'NUL byte' });
    expect(findTextViolation({ items: [{ name: 'ok' }, { name: '\ud800' }] })).toEqual({ path: 'items[1].name', problem: 'lone surrogate' });
    expect(findTextViolation({ ['k\u0000']: 1 })).toEqual({ path: 'k\u0000 (key)', problem: 'NUL byte' });
    expect(findTextViolation({ a: [1, true, null, { b: 'fine' }] })).toBeUndefined();
  });

  it('finds a bad string or key at any depth of arrays and objects, and lets well-formed astral text and allowed line breaks through', () => {
    expect(findTextViolation([[['ok', 'bell\u0007']]])).toEqual({ path: '[0][0][1]', problem: 'control character' });
    expect(findTextViolation({ a: { b: [{ ['\uffff']: 1 }] } })).toEqual({ path: 'a.b[0].\uffff (key)', problem: 'non-character' });
    expect(findTextViolation({ a: ['\u{1FFFE}'] })).toEqual({ path: 'a[0]', problem: 'non-character' });
    expect(findTextViolation({ a: ['poster \u{1F5BC}', { note: 'two\nlines' }] }, { allowLineBreaks: true })).toBeUndefined();
    expect(findTextViolation({ note: 'two\nlines' })).toEqual({ path: 'note', problem: 'control character' });
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findTextViolation(deep)?.problem).toBe('NUL byte');
  });

  it('accepts exactly the strings PostgreSQL jsonb can store (well-formed, no NUL), controls aside', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const accepted = textProblem(s, { allowLineBreaks: true }) === undefined;
        // UTF-8 round-trips exactly the well-formed strings (a lone surrogate comes back as U+FFFD).
        const wellFormed = Buffer.from(s, 'utf8').toString('utf8') === s;
        if (accepted) expect(s.includes('\u0000') || !wellFormed).toBe(false);
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });
});
