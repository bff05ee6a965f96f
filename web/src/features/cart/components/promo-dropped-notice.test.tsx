import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { PromoDroppedView } from '../../../api/generated-public';
import { makeStore } from '../../../app/store';
import { setLocale } from '../../../app/ui-slice';
import { loadMessages } from '../../../lib/i18n';
import { PromoDroppedNotice } from './promo-dropped-notice';

function renderIn(locale: 'en' | 'ar', dropped: PromoDroppedView) {
  const store = makeStore();
  store.dispatch(setLocale(locale));
  return render(
    <Provider store={store}>
      <PromoDroppedNotice dropped={dropped} />
    </Provider>,
  );
}

const cases: Array<[PromoDroppedView, string, string]> = [
  [
    { code: 'WELCOME10', reason: 'PROMO_CODE_ENDED', message: 'This code ended on 7 December', params: { endsOn: '2026-12-07' } },
    'Code WELCOME10 no longer applies: This code ended on 7 December',
    'الكود WELCOME10 لم يعد ساريًا: انتهى العمل بهذا الكود يوم ٧ ديسمبر',
  ],
  [
    { code: 'BIG', reason: 'PROMO_CODE_MINIMUM_SUBTOTAL', message: 'This code needs a subtotal of LE 1000', params: { minimum: 1000 } },
    'Code BIG no longer applies: This code needs a subtotal of LE 1,000.00',
    'هذا الكود يتطلب مجموعًا فرعيًا لا يقل عن',
  ],
  [
    { code: 'ANIMEONLY', reason: 'PROMO_CODE_CATEGORY', message: 'This code is only for Anime posters', params: { category: 'ANIME' } },
    'Code ANIMEONLY no longer applies: This code is only for Anime posters',
    'هذا الكود لبوسترات أنمي فقط',
  ],
  [
    { code: 'LASTONE', reason: 'PROMO_CODE_USED_UP', message: 'This code has been used up', params: {} },
    'Code LASTONE no longer applies: This code has been used up',
    'نفدت مرات استخدام هذا الكود',
  ],
  [
    { code: 'OFF', reason: 'PROMO_CODE_INACTIVE', message: 'Promo code OFF is no longer active', params: {} },
    'Code OFF no longer applies: This promo code is no longer active',
    'كود الخصم هذا لم يعد فعّالًا',
  ],
];

describe('PromoDroppedNotice', () => {
  it.each(cases)('says why %j no longer applies, in English', (dropped, english) => {
    renderIn('en', dropped);
    expect(screen.getByTestId('promo-dropped')).toHaveTextContent(english);
  });

  it.each(cases)('and in Arabic on the Arabic storefront: %j', async (dropped, _english, arabic) => {
    await act(() => loadMessages('ar'));
    renderIn('ar', dropped);
    const notice = screen.getByTestId('promo-dropped');
    expect(notice).toHaveTextContent(arabic);
    expect(notice).toHaveTextContent(dropped.code);
    expect(notice).not.toHaveTextContent(dropped.message);
  });

  it('falls back to the server text for a reason it does not know', () => {
    renderIn('en', { code: 'X', reason: 'PROMO_CODE_SOMETHING_NEW', message: 'Something new happened', params: {} });
    expect(screen.getByTestId('promo-dropped')).toHaveTextContent('Code X no longer applies: Something new happened');
  });
});
