import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { DiscountsPage } from './discounts-page';

type Row = { id: number; category: string | null; percentage: number; active: boolean; startsOn: string | null; endsOn: string | null; status: string };
const anime: Row = { id: 1, category: 'ANIME', percentage: 15, active: true, startsOn: null, endsOn: null, status: 'inForce' };
let discounts: Row[] = [anime];
const patches: unknown[] = [];
const posts: unknown[] = [];
const server = setupServer(
  http.get('*/api/admin/discounts', () => HttpResponse.json(discounts)),
  http.post('*/api/admin/discounts', async ({ request }) => {
    const body = (await request.json()) as Omit<Row, 'id' | 'status'>;
    posts.push(body);
    discounts = [...discounts, { id: discounts.length + 1, ...body, status: body.startsOn ? 'scheduled' : 'inForce' }];
    return HttpResponse.json({ id: discounts.length, ...body }, { status: 201 });
  }),
  http.patch('*/api/admin/discounts/:id', async ({ request }) => {
    patches.push(await request.json());
    return HttpResponse.json({});
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  discounts = [anime];
  patches.length = 0;
  posts.length = 0;
});
afterAll(() => server.close());

describe('discounts page', () => {
  it('holds a row percentage and active toggle locally until Save', async () => {
    renderAdmin(<DiscountsPage />);
    const percent = await screen.findByLabelText('Percentage of discount 1');
    expect(screen.getByRole('cell', { name: 'Anime' })).toBeInTheDocument();
    await userEvent.clear(percent);
    await userEvent.type(percent, '25');
    await userEvent.click(screen.getByRole('switch', { name: 'Active: discount 1' }));
    expect(patches).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ percentage: 25, active: false, startsOn: null, endsOn: null }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('refuses a percentage outside 1-100 and sends a blank category as null', async () => {
    renderAdmin(<DiscountsPage />);
    const percent = await screen.findByLabelText('Percent off');
    await userEvent.clear(percent);
    await userEvent.type(percent, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    expect(await screen.findByText('Enter a value between 1 and 100')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add shop-wide discount' }));
    await waitFor(() => expect(posts).toEqual([{ category: null, percentage: 20, active: true, startsOn: null, endsOn: null }]));
    expect(await screen.findByRole('cell', { name: 'All categories' })).toBeInTheDocument();
  });

  it('names a category the same way in the dropdown, the what-if draft and the table, and sends its code', async () => {
    renderAdmin(<DiscountsPage />);
    await screen.findByRole('cell', { name: 'Anime' });
    const category = screen.getByLabelText('Category');
    for (const select of [category, screen.getByLabelText('Draft category')]) {
      const options = within(select).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['All Categories', 'Football', 'Cars', 'Movies', 'Anime', 'Art', 'Nature', 'Quotes', 'Other']);
      expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'FOOTBALL', 'CARS', 'MOVIES', 'ANIME', 'ART', 'NATURE', 'QUOTES', 'OTHER']);
    }
    await userEvent.selectOptions(category, 'Cars');
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    await waitFor(() => expect(posts).toEqual([{ category: 'CARS', percentage: 10, active: true, startsOn: null, endsOn: null }]));
    expect(await screen.findByRole('cell', { name: 'Cars' })).toBeInTheDocument();
    expect(screen.queryByText('CARS')).not.toBeInTheDocument();
  });

  it('sends a window of shop days, lists it with whether it is in force, and edits it per row', async () => {
    discounts = [anime, { id: 2, category: null, percentage: 5, active: true, startsOn: '2026-01-01', endsOn: '2026-01-31', status: 'ended' }];
    renderAdmin(<DiscountsPage />);
    expect(await screen.findByText('Ended')).toBeInTheDocument();
    expect(screen.getByText('In force')).toBeInTheDocument();
    expect(screen.getByLabelText('Start of discount 2')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('End of discount 2')).toHaveValue('2026-01-31');

    await userEvent.type(screen.getByLabelText('Starts on'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('Ends on (last day)'), '2026-12-07');
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add shop-wide discount' }));
    await waitFor(() => expect(posts).toEqual([{ category: null, percentage: 10, active: true, startsOn: '2026-12-01', endsOn: '2026-12-07' }]));
    expect(await screen.findByText('Scheduled')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('End of discount 2'));
    await userEvent.click(within(screen.getByLabelText('End of discount 2').closest('tr')!).getByRole('button', { name: 'Save' }));
    // Every category, in force: the save asks first, naming what it does.
    const dialog = await screen.findByRole('dialog', { name: "Change the whole shop's discount?" });
    expect(dialog).toHaveTextContent('5% off every poster in the shop');
    expect(patches).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save shop-wide discount' }));
    await waitFor(() => expect(patches).toEqual([{ percentage: 5, active: true, startsOn: '2026-01-01', endsOn: null }]));
  });

  it('shows the server naming a wrong date', async () => {
    server.use(
      http.post('*/api/admin/discounts', () =>
        HttpResponse.json({ statusCode: 400, code: 'DISCOUNT_INVALID_DATES', message: 'endsOn: The end must not be before the start', fieldErrors: { endsOn: 'The end must not be before the start' } }, { status: 400 }),
      ),
    );
    renderAdmin(<DiscountsPage />);
    await screen.findByRole('cell', { name: 'Anime' });
    await userEvent.type(screen.getByLabelText('Starts on'), '2026-12-08');
    await userEvent.type(screen.getByLabelText('Ends on (last day)'), '2026-12-07');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Cars');
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    expect(await screen.findByText('endsOn: The end must not be before the start')).toBeInTheDocument();
  });

  it('opens with no amount: the untouched form creates nothing and says the percent is required', async () => {
    renderAdmin(<DiscountsPage />);
    await screen.findByRole('cell', { name: 'Anime' });
    const percent = screen.getByLabelText('Percent off');
    expect(percent).toHaveValue(null);
    expect(percent).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the percent off');
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('asks once before a discount on every category, naming what it will do; going back creates nothing', async () => {
    renderAdmin(<DiscountsPage />);
    await screen.findByRole('cell', { name: 'Anime' });
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('10% off every poster in the shop, starting now, with no end date.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
    expect(screen.getByLabelText('Percent off')).toHaveValue(10);
  });

  it('asks before deleting a discount, and deletes only on yes', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/admin/discounts/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAdmin(<DiscountsPage />);
    await userEvent.click(within((await screen.findByRole('cell', { name: 'Anime' })).closest('tr')!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete discount #1 (15% off Anime posters)?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await userEvent.click(within(screen.getByRole('cell', { name: 'Anime' }).closest('tr')!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['1']));
  });
});
