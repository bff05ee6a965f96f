import { describe, expect, it } from 'vitest';
import { catalogueText, scriptLanguage } from './catalogue-text';

describe('catalogueText', () => {
  it('shows the Arabic wording on Arabic pages and the default on English pages', () => {
    expect(catalogueText('ar', 'Nile at Dusk', 'النيل عند الغروب')).toEqual({ text: 'النيل عند الغروب', lang: undefined });
    expect(catalogueText('en', 'Nile at Dusk', 'النيل عند الغروب')).toEqual({ text: 'Nile at Dusk', lang: undefined });
  });

  it('falls back to the other wording, marked with the language its script says', () => {
    expect(catalogueText('ar', 'Nile at Dusk', '')).toEqual({ text: 'Nile at Dusk', lang: 'en' });
    expect(catalogueText('ar', 'Black Frame', undefined)).toEqual({ text: 'Black Frame', lang: 'en' });
    // A name the admin typed in Arabic into the default field is Arabic, never blindly English.
    expect(catalogueText('en', 'خريطة الإسكندرية', '')).toEqual({ text: 'خريطة الإسكندرية', lang: 'ar' });
    expect(catalogueText('ar', 'خريطة الإسكندرية', '')).toEqual({ text: 'خريطة الإسكندرية', lang: undefined });
  });

  it('an English page falls back to the Arabic wording where the default one is empty, marked Arabic', () => {
    expect(catalogueText('en', '', 'برواز أسود')).toEqual({ text: 'برواز أسود', lang: 'ar' });
    expect(catalogueText('en', null, 'تخفيضات')).toEqual({ text: 'تخفيضات', lang: 'ar' });
    expect(catalogueText('ar', '', '')).toEqual({ text: '', lang: undefined });
  });

  it('reads the script of a text', () => {
    expect(scriptLanguage('خريطة 1950')).toBe('ar');
    expect(scriptLanguage('Poster ١٩٥٠')).toBe('en');
    expect(scriptLanguage('20x30 cm')).toBe('en');
  });
});
