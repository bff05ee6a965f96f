import { isolated } from '#domain/shared/bidi-text.js';
import { isRtlText, visualRuns } from './bidi-runs.js';
import { onPaper, streetAddress, type PaperworkOrder } from './paperwork-order.js';

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

  describe('text that cannot reorder itself', () => {
    const street = (addressLine: string, building = '7', apartment = '3') => streetAddress(onPaper({ addressLine, building, apartment, items: [] } as unknown as PaperworkOrder), isolated);
    /** What the page shows, left to right, when every run reads left to right. */
    const page = (line: string) => visualRuns(line).map((r) => r.text).join('');

    it('prints a street with an override character as typed, the shop\'s "Building 7, Apt 3" unmirrored', () => {
      expect(page(street('Street \u202E12 nomis'))).toBe('Street 12 nomis, Building 7, Apt 3');
      expect(visualRuns(street('Street \u202E12 nomis')).every((r) => !r.rtl || r.logical === ', ')).toBe(true);
      // A stored line with an override and no isolates (an event written before the edge removed them) too.
      expect(page('Street \u202E12 nomis, Building 7, Apt 3')).toBe('Street 12 nomis, Building 7, Apt 3');
      expect(page('\u202BStreet 12\u202C \u202D21\u202C')).toBe('Street 12 21');
    });

    it('prints an Arabic street with Latin digits right to left, its digits in order and its building and flat whole', () => {
      // On the page, left to right: "Apt 3", "Building 7", the number, the street.
      expect(shown(street('شارع التحرير 12'))).toEqual([
        ['latin', false, 'Apt 3'],
        ['latin', true, ', '],
        ['latin', false, 'Building 7'],
        ['latin', true, ', '],
        ['latin', false, '12'],
        ['arabic', true, 'شارع التحرير '],
      ]);
      expect(isRtlText(street('شارع التحرير 12'))).toBe(true);
      // An override inside the street is dropped: the house number still reads 12, not 21.
      expect(shown(street('شارع \u202E12 التحرير')).slice(4)).toEqual([
        ['arabic', true, ' التحرير'],
        ['latin', false, '12'],
        ['arabic', true, 'شارع '],
      ]);
    });

    it('keeps a mixed-direction value from taking its neighbours: an Arabic name before "- 3 items"', () => {
      // Bare, the name makes the line right to left and "3" jumps before the dash.
      expect(shown('منى - 3 items')[0]).toEqual(['latin', false, 'items']);
      expect(shown(`${isolated('منى')} - 3 items`)).toEqual([
        ['arabic', true, 'منى'],
        ['latin', false, ' - 3 items'],
      ]);
      // A line that is one isolated value reads the way the value does (right-aligned for Arabic).
      expect(isRtlText(isolated('منى حسن'))).toBe(true);
      expect(isRtlText(isolated('Mona'))).toBe(false);
    });

    it('isolates every value a person typed on paper, and leaves the codes the shop issues bare', () => {
      const o = onPaper({
        orderNumber: 'PS-7KQ4-M2XD', customerName: 'Mo\u202Ena', phone: '010', addressLine: 'a\u2067b', building: '7', apartment: null, city: 'Giza',
        notes: null, governorate: 'GIZA', paymentMethod: 'COD', courier: 'Bosta', trackingNumber: null, items: [{ name: '\u202DSalah', size: 'SIZE_30x40', quantity: 1 }],
      } as unknown as PaperworkOrder);
      expect(o).toMatchObject({
        orderNumber: 'PS-7KQ4-M2XD', customerName: '\u2068Mona\u2069', phone: '\u2068010\u2069', addressLine: 'ab', building: '7', apartment: null, city: '\u2068Giza\u2069',
        notes: null, governorate: 'GIZA', courier: '\u2068Bosta\u2069', trackingNumber: null, items: [{ name: '\u2068Salah\u2069', size: 'SIZE_30x40', quantity: 1 }],
      });
    });
  });
});
