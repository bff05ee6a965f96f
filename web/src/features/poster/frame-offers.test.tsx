import { describe, expect, it } from 'vitest';
import type { AddOnView } from '../../api/generated-public';
import { framesForSize } from './frame-offers';

const addOn = (id: string, name: string, description: string, arabic = { nameAr: '', descriptionAr: '' }): AddOnView => ({ id, name, description, ...arabic, price: 180, imageUrl: null });

const catalogue = [
  addOn('black', 'Black Frame', 'A slim black wooden frame with acrylic glass, fits 30x40 cm.'),
  addOn('oak', 'Oak frame 50×70', 'Natural oak.'),
  addOn('tape', 'Poster Wall Tape', 'Removable tape, works for 30x40 posters.'),
  addOn('any', 'Gold Frame', 'A frame for any wall.'),
  addOn('big', 'Black Frame XL', 'Fits 130x40 banners.'),
];

describe('framesForSize', () => {
  it('offers the frames whose name or description names the size, with x or ×', () => {
    expect(framesForSize(catalogue, 'SIZE_30x40').map((p) => p.id)).toEqual(['black']);
    expect(framesForSize(catalogue, 'SIZE_50x70').map((p) => p.id)).toEqual(['oak']);
  });

  it('reads the Arabic wording too, its digits Arabic-Indic', () => {
    const arabicOnly = addOn('ar', '', '', { nameAr: 'برواز ذهبي', descriptionAr: 'برواز خشب، مقاس ٢٠×٣٠ سم.' });
    expect(framesForSize([...catalogue, arabicOnly], 'SIZE_20x30').map((p) => p.id)).toEqual(['ar']);
    expect(framesForSize([arabicOnly], 'SIZE_30x40')).toEqual([]);
  });

  it('offers nothing for a size no frame names, nor before a size is chosen', () => {
    expect(framesForSize(catalogue, 'SIZE_20x30')).toEqual([]);
    expect(framesForSize(catalogue, null)).toEqual([]);
  });
});
