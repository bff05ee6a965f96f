import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { setLocale } from '../../../app/ui-slice';
import { loadMessages } from '../../../lib/i18n';
import { PriceExplanation } from './price-explanation';

function renderWithStore(ui: ReactNode, { locale = 'en' as 'en' | 'ar' } = {}) {
  const store = makeStore();
  store.dispatch(setLocale(locale));
  return render(<Provider store={store}>{ui}</Provider>);
}

const rules = [
  { rule: 'BASE_PRICE' as const, unitPrice: 420, percent: null, category: null, code: null, threshold: null },
  { rule: 'CATEGORY_DISCOUNT' as const, unitPrice: null, percent: 15, category: 'ANIME', code: null, threshold: null },
  { rule: 'PROMO_CODE' as const, unitPrice: null, percent: 10, category: null, code: 'FOLLOW10', threshold: null },
];

describe('PriceExplanation', () => {
  it('names the category discount and the promo code in English, and nothing for a base price alone', () => {
    renderWithStore(<PriceExplanation rules={rules} />);
    const list = screen.getByRole('list', { name: 'Why this price' });
    expect(list).toHaveTextContent('−15% Anime');
    expect(list).toHaveTextContent('FOLLOW10 −10%');
  });

  it('shows nothing when only the base price applied', () => {
    renderWithStore(<PriceExplanation rules={rules.slice(0, 1)} />);
    expect(screen.queryByTestId('price-explanation')).toBeNull();
  });

  it('speaks Arabic when the shopper chose it', async () => {
    await act(() => loadMessages('ar'));
    renderWithStore(<PriceExplanation rules={rules} />, { locale: 'ar' });
    const list = screen.getByRole('list', { name: 'لماذا هذا السعر' });
    expect(list).toHaveTextContent('−١٥٪ أنمي');
  });
});
