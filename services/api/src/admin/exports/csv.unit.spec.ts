import fc from 'fast-check';
import { csvCell, csvRow } from './csv.js';

/** A small RFC 4180 parser, only for checking that what we write reads back the same. */
function parseRow(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else cell += line[i++];
      }
    } else {
      while (i < line.length && line[i] !== ',' && line[i] !== '\r') cell += line[i++];
    }
    cells.push(cell);
    if (line[i] === ',') i++;
    else return cells;
  }
}

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe('"a,b","say ""hi""","two\nlines",plain\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+201001234567')).toBe(`"'+201001234567"`);
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
  });

  it('writes our own numbers as numbers, and null as empty', () => {
    expect(csvRow([1499.5, -20, null, undefined])).toBe('1499.5,-20,,\r\n');
  });

  it('reads back every text cell unchanged apart from the formula guard', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const parsed = parseRow(csvRow(cells));
        expect(parsed).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
      }),
    );
  });
});
