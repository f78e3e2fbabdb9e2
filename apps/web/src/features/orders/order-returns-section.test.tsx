import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderReturns } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { orderDto } from '../../test/fixtures';
import { Notices } from '../../shop/layout/notices';
import { OrderReturnsSection } from './order-returns-section';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';
const LINE = 'b1b2c3d4-0000-4000-8000-00000000aaaa';

const returns = (overrides: Partial<OrderReturns> = {}): OrderReturns => ({
  returns: [],
  lastDay: '2026-12-05',
  open: true,
  lines: [{ orderItemId: LINE, title: 'Fuel Nozzle', size: null, bought: 2, returnable: 2, unitPrice: 500 }],
  debitNotes: [],
  ...overrides,
});

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSection = () =>
  renderWithStore(
    <>
      <OrderReturnsSection order={orderDto({ status: 'delivered' })} />
      <Notices />
    </>,
  );

describe('the order page’s Returns', () => {
  it('says until when, and sends the units, the reason and the photos as one multipart request', async () => {
    let sent: FormData | undefined;
    const requested = returns({
      returns: [
        {
          _id: 'r1',
          number: 1,
          status: 'requested',
          reason: 'Leaks at the swivel',
          photos: [],
          lines: [{ orderItemId: LINE, title: 'Fuel Nozzle', size: null, quantity: 1, unitPrice: 500 }],
          refusalReason: null,
          restocked: null,
          refund: null,
          deliveryShare: null,
          refundMode: null,
          refundId: null,
          refundError: null,
          creditNote: null,
          requestedAt: '2026-11-28T06:00:00.000Z',
          decidedAt: null,
          receivedAt: null,
          refundedAt: null,
        },
      ],
    });
    let asked = 0;
    mockFetch({
      [`GET /api/orders/${ID}/returns`]: () => ({ body: { data: asked++ === 0 ? returns() : requested } }),
      [`POST /api/orders/${ID}/returns`]: (init) => {
        sent = init?.body as FormData;
        return { status: 201, body: { message: 'Your return request has been sent to the shop.', data: requested } };
      },
    });
    renderSection();
    const region = await screen.findByRole('region', { name: 'Returns' });
    expect(region).toHaveTextContent('You can ask to return items until 5 Dec 2026.');
    await userEvent.click(within(region).getByRole('button', { name: 'Return items' }));
    const form = within(region).getByRole('form', { name: 'Return items' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one item');
    const units = within(form).getByLabelText('Units of Fuel Nozzle to return');
    await userEvent.clear(units);
    await userEvent.type(units, '5');
    expect(units).toHaveValue(2);
    await userEvent.clear(units);
    await userEvent.type(units, '1');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Leaks at the swivel');
    const photo = new File([new Uint8Array([1, 2, 3])], 'leak.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText(/Photos/), photo);
    await userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    await screen.findByText('Your return request has been sent to the shop.');
    expect(JSON.parse(String(sent!.get('request')))).toEqual({
      lines: [{ orderItemId: LINE, quantity: 1 }],
      reason: 'Leaks at the swivel',
    });
    expect((sent!.get('photos') as File).name).toBe('leak.png');
    await waitFor(() => expect(region).toHaveTextContent('Return 1'));
    expect(region).toHaveTextContent('Requested');
  });
});
