import { describe, expect, it } from 'vitest';
import { loadMessages, translate, type MessageKey } from './i18n';
import { refusalText } from './server-refusal-text';

const over = { status: 429, data: { statusCode: 429, message: 'Too many cart changes from your network in a short time. Please wait a moment and try again.', code: 'CART_BUDGET_EXCEEDED' } };
const full = { status: 400, data: { statusCode: 400, message: 'A cart can hold at most 50 different items.', code: 'CART_TOO_MANY_LINES' } };

describe('refusalText', () => {
  it('says a known refusal in the shopper language', async () => {
    await loadMessages('ar');
    const en = (key: MessageKey, vars?: Record<string, string | number>) => translate('en', key, vars);
    const ar = (key: MessageKey, vars?: Record<string, string | number>) => translate('ar', key, vars);
    expect(refusalText(over, en, 'fallback')).toBe('Too many cart changes from your network in a short time. Please wait a moment and try again.');
    expect(refusalText(over, ar, 'fallback')).toBe('تعديلات كثيرة على السلة من شبكتك في وقت قصير. من فضلك انتظر قليلًا ثم حاول مرة أخرى.');
    expect(refusalText(full, en, 'fallback')).toContain('at most 50 different items');
    expect(refusalText(full, ar, 'fallback')).toContain('٥٠');
  });

  it('says the promo code and checkout refusals in Arabic on the Arabic storefront', async () => {
    await loadMessages('ar');
    const ar = (key: MessageKey) => translate('ar', key);
    const refusal = (code: string, message: string) => ({ status: 400, data: { statusCode: 400, message, code } });
    expect(refusalText(refusal('PROMO_CODE_INVALID', 'Invalid promo code'), ar, 'fallback')).toBe('كود الخصم غير صحيح');
    expect(refusalText(refusal('PROMO_CODE_INACTIVE', 'This promo code is no longer active'), ar, 'fallback')).toBe('كود الخصم هذا لم يعد فعّالًا');
    expect(refusalText(refusal('CART_EMPTY', 'Cart is empty'), ar, 'fallback')).toBe('سلتك فارغة.');
    expect(refusalText(refusal('SIZE_UNAVAILABLE', 'The selected size is no longer available'), ar, 'fallback')).toBe('المقاس المختار لم يعد متاحًا');
  });

  it('says a checkout the shop does not accept (a blocked phone) neutrally, in either language', async () => {
    await loadMessages('ar');
    const notAccepted = { status: 400, data: { statusCode: 400, message: 'We could not accept this order online. Please contact us to complete it.', code: 'CHECKOUT_NOT_ACCEPTED' } };
    const en = translate('en', 'refusal.checkoutNotAccepted');
    const ar = refusalText(notAccepted, (key: MessageKey) => translate('ar', key), 'fallback', 'ar');
    expect(refusalText(notAccepted, (key: MessageKey) => translate('en', key), 'fallback')).toBe(en);
    expect(ar).toBe('تعذّر قبول هذا الطلب عبر الموقع. من فضلك تواصل معنا لإتمامه.');
    // Neither says why: someone trying numbers learns nothing about the block list.
    expect(`${en} ${ar}`).not.toMatch(/block|حظر|محظور/i);
  });

  it("says a promo code's rules in the shopper's language, with the day, amount or category they name", async () => {
    await loadMessages('ar');
    const en = (key: MessageKey, vars?: Record<string, string | number>) => translate('en', key, vars);
    const ar = (key: MessageKey, vars?: Record<string, string | number>) => translate('ar', key, vars);
    const refusal = (code: string, params?: Record<string, string | number>) => ({ status: 400, data: { statusCode: 400, message: 'English', code, params } });
    expect(refusalText(refusal('PROMO_CODE_NOT_STARTED', { startsOn: '2026-12-01' }), en, 'fallback', 'en')).toBe('This code starts on 1 December');
    expect(refusalText(refusal('PROMO_CODE_NOT_STARTED', { startsOn: '2026-12-01' }), ar, 'fallback', 'ar')).toBe('يبدأ العمل بهذا الكود يوم ١ ديسمبر');
    expect(refusalText(refusal('PROMO_CODE_MINIMUM_SUBTOTAL', { minimum: 500 }), en, 'fallback', 'en')).toBe('This code needs a subtotal of LE 500.00');
    expect(refusalText(refusal('PROMO_CODE_MINIMUM_SUBTOTAL', { minimum: 500 }), ar, 'fallback', 'ar')).toContain('٥٠٠');
    expect(refusalText(refusal('PROMO_CODE_CATEGORY', { category: 'ANIME' }), ar, 'fallback', 'ar')).toBe('هذا الكود لبوسترات أنمي فقط');
    expect(refusalText(refusal('PROMO_CODE_ALREADY_USED'), ar, 'fallback', 'ar')).toBe('لقد استخدمت هذا الكود من قبل');
    expect(refusalText(refusal('PROMO_CODE_USED_UP'), en, 'fallback')).toBe('This code has been used up');
  });

  it('keeps the server text for other refusals, and the fallback without one', () => {
    const en = (key: MessageKey) => translate('en', key);
    expect(refusalText({ status: 400, data: { message: 'A rule the storefront has no text for', code: 'SOME_NEW_RULE' } }, en, 'fallback')).toBe('A rule the storefront has no text for');
    expect(refusalText({ status: 'FETCH_ERROR' }, en, 'fallback')).toBe('fallback');
    expect(refusalText({ status: 400, data: { message: 'x', code: 'toString' } }, en, 'fallback')).toBe('x');
  });
});
