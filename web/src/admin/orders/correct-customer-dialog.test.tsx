import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderAdmin } from '../testing/render-admin';
import { CorrectCustomerDialog } from './correct-customer-dialog';
import type { AdminOrder } from './order-model';

const order = {
  id: '00000000-0000-4000-8000-000000000001', orderNumber: 'PS-TEST-0001',
  firstName: 'Mona', lastName: 'Adel', phone: '01012345678', addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo',
} as AdminOrder;
const sent: unknown[] = [];

const server = setupServer(
  http.patch('*/api/admin/orders/:id/customer', async ({ request, params }) => {
    const body = (await request.json()) as Record<string, string>;
    sent.push({ id: params.id, body });
    if (body.phone === '123') return HttpResponse.json({ statusCode: 400, message: 'phone must be an Egyptian mobile number' }, { status: 400 });
    return HttpResponse.json({ id: params.id, orderNumber: 'PS-TEST-0001', corrected: Object.keys(body) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

describe('correcting the customer details of an order', () => {
  it('sends only the fields the admin changed and says which were corrected', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderAdmin(<CorrectCustomerDialog order={order} onClose={onClose} />);
    const save = screen.getByRole('button', { name: 'Save correction' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '01198765432');
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '7 Corniche Rd');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Corrected: phone, addressLine.');
    expect(sent).toEqual([{ id: order.id, body: { phone: '01198765432', addressLine: '7 Corniche Rd' } }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server refusal and keeps the form', async () => {
    const user = userEvent.setup();
    renderAdmin(<CorrectCustomerDialog order={order} onClose={() => undefined} />);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('phone must be an Egyptian mobile number');
    expect(screen.getByLabelText('Phone')).toHaveValue('123');
  });
});
