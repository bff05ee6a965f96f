import { describe, expect, it } from 'vitest';
import { catalogueText, langIfOther, scriptLanguage, scriptRuns } from './catalogue-text';

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

  it('marks a text only when its script is not the page language', () => {
    expect(langIfOther('Salma', 'ar')).toBe('en');
    expect(langIfOther('سلمى', 'ar')).toBeUndefined();
    expect(langIfOther('سلمى', 'en')).toBe('ar');
  });

  it('cuts a plain text where it switches to the other script, codes and names whole', () => {
    expect(scriptRuns('تم تطبيق كود الخصم FOLLOW10 بنجاح!', 'ar')).toEqual([
      { text: 'تم تطبيق كود الخصم ', lang: undefined },
      { text: 'FOLLOW10', lang: 'en' },
      { text: ' بنجاح!', lang: undefined },
    ]);
    expect(scriptRuns('رقم طلبك PS-7ZP5-D2CQ', 'ar')).toEqual([
      { text: 'رقم طلبك ', lang: undefined },
      { text: 'PS-7ZP5-D2CQ', lang: 'en' },
    ]);
    expect(scriptRuns('أضفت Nile at Dusk إلى السلة', 'ar')[1]).toEqual({ text: 'Nile at Dusk', lang: 'en' });
    expect(scriptRuns('Added النيل عند الغروب to your cart', 'en')[1]).toEqual({ text: 'النيل عند الغروب', lang: 'ar' });
    expect(scriptRuns('Order placed', 'en')).toEqual([{ text: 'Order placed', lang: undefined }]);
  });
});
