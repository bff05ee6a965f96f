import { isRtlText, visualRuns } from './bidi-runs.js';

const shown = (line: string) => visualRuns(line).map((r) => [r.font, r.rtl, r.logical]);

describe('visual runs of a line', () => {
  it('keeps an Arabic name as one right-to-left run for the shaper, in logical order (fontkit reverses it)', () => {
    expect(visualRuns('منى حسن')).toEqual([{ text: 'منى حسن', logical: 'منى حسن', font: 'arabic', rtl: true }]);
    expect(isRtlText('منى حسن')).toBe(true);
  });

  it('draws an Arabic address with a house number right to left, the number in the Latin font', () => {
    // Logical: street name, number, district. On the page, right to left: the district is leftmost.
    expect(shown('شارع 9 التحرير')).toEqual([
      ['arabic', true, ' التحرير'],
      ['latin', false, '9'],
      ['arabic', true, 'شارع '],
    ]);
  });

  it('keeps English left to right with an Arabic word inside it', () => {
    expect(shown('Mona منى Hassan')).toEqual([
      ['latin', false, 'Mona '],
      ['arabic', true, 'منى'],
      ['latin', false, ' Hassan'],
    ]);
    expect(isRtlText('Mona منى')).toBe(false);
  });

  it('mirrors brackets in right-to-left text and reverses runs the shaper would not', () => {
    const [run] = visualRuns('(منى)', 'rtl').filter((r) => r.font === 'latin' && r.logical === ')');
    expect(run.text).toBe('(');
    // Arabic-Indic digits read left to right; fontkit would reverse them as Arabic script, so they are handed over reversed.
    expect(visualRuns('١٢٣').map((r) => r.text)).toEqual(['٣٢١']);
  });

  it('drops bidi controls and survives any text', () => {
    expect(visualRuns('\u202Eabc\u202C').map((r) => r.logical).join('')).toBe('abc');
    for (const hostile of ['', ' ', '\u0000', '\uD800', '😀'.repeat(3), 'ا'.repeat(500)]) expect(() => visualRuns(hostile)).not.toThrow();
  });
});
