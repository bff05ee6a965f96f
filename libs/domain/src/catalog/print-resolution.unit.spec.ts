import { DomainError } from '../shared/domain-error.js';
import { photoTooSmallToPrint, pixelsFor, printResolution } from './print-resolution.js';

describe('print resolution of a custom photo', () => {
  it('a 40×50 cm poster needs 2362×2953 pixels to be sharp (150 ppi) and 1134×1417 at least (72 ppi)', () => {
    expect([pixelsFor(40, 150), pixelsFor(50, 150), pixelsFor(40, 72), pixelsFor(50, 72)]).toEqual([2362, 2953, 1134, 1417]);
    expect(printResolution(2362, 2953, 'SIZE_40x50')).toMatchObject({ verdict: 'sharp', sharpWidth: 2362, sharpHeight: 2953, minimumWidth: 1134, minimumHeight: 1417 });
    expect(printResolution(2361, 2953, 'SIZE_40x50').verdict).toBe('soft');
    expect(printResolution(1134, 1417, 'SIZE_40x50').verdict).toBe('soft');
    expect(printResolution(1133, 1417, 'SIZE_40x50').verdict).toBe('refused');
  });

  it.each([
    ['SIZE_20x30', 'sharp', 169],
    ['SIZE_30x40', 'soft', 127],
    ['SIZE_40x50', 'soft', 95],
    ['SIZE_50x70', 'soft', 72],
  ] as const)('a 1500×2000 photo (409 KB of PNG can hold it) at %s: %s, %i ppi', (size, verdict, ppi) => {
    const r = printResolution(1500, 2000, size);
    expect([r.verdict, r.ppi]).toEqual([verdict, ppi]);
  });

  it('judges a landscape photo against the poster turned the same way', () => {
    expect(printResolution(2953, 2362, 'SIZE_40x50')).toMatchObject({ verdict: 'sharp', widthCm: 50, heightCm: 40, sharpWidth: 2953, sharpHeight: 2362 });
    expect(printResolution(2000, 1500, 'SIZE_40x50')).toMatchObject({ verdict: 'soft', ppi: 95 });
  });

  it('refuses a tiny photo at every size, naming the size and the pixels it needs', () => {
    for (const size of ['SIZE_20x30', 'SIZE_30x40', 'SIZE_40x50', 'SIZE_50x70'] as const) expect(printResolution(300, 400, size).verdict).toBe('refused');
    const error = photoTooSmallToPrint(printResolution(300, 400, 'SIZE_40x50'));
    expect(error).toBeInstanceOf(DomainError);
    expect([error.code, error.kind]).toEqual(['PHOTO_TOO_SMALL_TO_PRINT', 'validation']);
    expect(error.message).toBe('This photo is 300×400 pixels, too few to print at 40×50 cm: it would give 19 pixels per inch. Choose a smaller size or a photo of at least 1134×1417 pixels (2362×2953 for a sharp print).');
    expect(error.fieldErrors).toEqual({ file: error.message });
    expect(error.params).toMatchObject({ widthCm: 40, heightCm: 50, minimumWidth: 1134, minimumHeight: 1417, ppi: 19 });
  });
});
