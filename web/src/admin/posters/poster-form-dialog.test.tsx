import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { PosterFormDialog } from './poster-form-dialog';
import type { AdminPoster } from './posters-api';

const created: { data: unknown; fileName: string | null }[] = [];
const updated: unknown[] = [];
const server = setupServer(
  http.post('*/api/admin/posters', async ({ request }) => {
    const form = await request.formData();
    const data = form.get('data') as string;
    const file = form.get('file') as File | null;
    created.push({ data: JSON.parse(data), fileName: file?.name ?? null });
    return HttpResponse.json({ id: 'p-1' }, { status: 201, headers: { 'X-Event-Position': '10/10' } });
  }),
  http.put('*/api/admin/posters/:id', async ({ request }) => {
    updated.push(await request.json());
    return HttpResponse.json({ ok: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  created.length = 0;
  updated.length = 0;
});
afterAll(() => server.close());

const categories = ['FOOTBALL', 'ART'];
const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'poster.jpg', { type: 'image/jpeg' });

function openCreate() {
  const closed = { count: 0 };
  renderAdmin(<PosterFormDialog poster={null} categories={categories} onClose={() => closed.count++} />);
  return closed;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Poster' }));
const alertText = () => screen.getByRole('alert').textContent;

describe('poster form validation', () => {
  it('asks for the required fields, then a size, then every price, then valid prices, in that order', async () => {
    openCreate();
    await submit();
    expect(alertText()).toBe('Please fill in all required fields.');

    await userEvent.type(screen.getByLabelText('Name *'), 'Sunset');
    await userEvent.selectOptions(screen.getByLabelText('Category *'), 'ART');
    await submit();
    // The image is still missing on create.
    expect(alertText()).toBe('Please fill in all required fields.');

    await userEvent.upload(screen.getByLabelText(/^Image/), image);
    await submit();
    expect(alertText()).toBe('Please select at least one size.');

    await userEvent.click(screen.getByLabelText('20x30cm'));
    await userEvent.click(screen.getByLabelText('50x70cm'));
    await userEvent.type(screen.getByLabelText('Price for 20x30cm'), '150');
    await submit();
    expect(alertText()).toBe('Please enter prices for all selected sizes.');

    await userEvent.type(screen.getByLabelText('Price for 50x70cm'), '0');
    await submit();
    expect(alertText()).toBe('Please enter valid prices (numbers greater than 0).');
    expect(created).toHaveLength(0);
  });

  it('accepts at most 2 decimals, shows 2 decimals on blur, and sends basePrice and both variants', async () => {
    const closed = openCreate();
    await userEvent.type(screen.getByLabelText('Name *'), 'Sunset');
    await userEvent.selectOptions(screen.getByLabelText('Category *'), 'ART');
    await userEvent.upload(screen.getByLabelText(/^Image/), image);
    await userEvent.click(screen.getByLabelText('30x40cm'));
    await userEvent.click(screen.getByLabelText('50x70cm'));
    await userEvent.type(screen.getByLabelText(/Arabic name/), ' غروب ');
    const small = screen.getByLabelText('Price for 30x40cm');
    await userEvent.type(small, '199.999');
    expect(small).toHaveValue('199.99');
    await userEvent.type(screen.getByLabelText('Price for 50x70cm'), '350');
    await userEvent.tab();
    expect(screen.getByLabelText('Price for 50x70cm')).toHaveValue('350.00');

    await submit();
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      data: {
        name: 'Sunset',
        description: '',
        nameAr: 'غروب',
        descriptionAr: '',
        basePrice: 199.99,
        category: 'ART',
        variants: [
          { size: 'SIZE_30x40', price: 199.99, weightGrams: 0 },
          { size: 'SIZE_50x70', price: 350, weightGrams: 0 },
        ],
      },
      // jsdom's File reaches undici's multipart encoder without its name; a file part is what matters here.
      fileName: expect.any(String),
    });
    await waitFor(() => expect(closed.count).toBe(1));
    expect(await screen.findByText('Poster created successfully')).toBeInTheDocument();
  });

  it('does not require a new image when editing', async () => {
    const poster: AdminPoster = {
      id: 'p-9',
      name: 'Old',
      description: 'd',
      nameAr: 'قديم',
      descriptionAr: '',
      category: 'FOOTBALL',
      imageUrl: 'posters/old.jpg',
      visible: true,
      variants: [{ id: 'v1', size: 'SIZE_20x30', price: 120 }],
    };
    renderAdmin(<PosterFormDialog poster={poster} categories={categories} onClose={() => undefined} />);
    expect(screen.getByLabelText('Price for 20x30cm')).toHaveValue('120.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({ name: 'Old', nameAr: 'قديم', basePrice: 120, variants: [{ size: 'SIZE_20x30', price: 120, weightGrams: 0 }] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the save failed when the server refuses', async () => {
    server.use(http.post('*/api/admin/posters', () => HttpResponse.json({}, { status: 500 })));
    openCreate();
    await userEvent.type(screen.getByLabelText('Name *'), 'Sunset');
    await userEvent.selectOptions(screen.getByLabelText('Category *'), 'ART');
    await userEvent.upload(screen.getByLabelText(/^Image/), image);
    await userEvent.click(screen.getByLabelText('20x30cm'));
    await userEvent.type(screen.getByLabelText('Price for 20x30cm'), '100');
    await submit();
    expect(await screen.findByText('Failed to save poster. Please try again.')).toBeInTheDocument();
  });
});
