import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { Pagination, pageWindow } from './pagination';

describe('pagination', () => {
  it('shows pages within 2 of the current one, the first and last, and ellipses for gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(4, 12)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 10, 11, 12]);
  });

  it('marks the current page and moves with Previous / Next', async () => {
    const onPage = vi.fn();
    render(
      <Provider store={makeStore()}>
        <Pagination current={1} total={3} onPage={onPage} />
      </Provider>,
    );
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage.mock.calls).toEqual([[2], [3]]);
  });
});
