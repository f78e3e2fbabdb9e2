import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_MESSAGES } from '@pumpkart/shared';
import { Notices } from '../../shop/layout/notices';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { bankTransfer, orderTransfers } from '../../test/fixtures';
import { makeOrder } from '../test-data';
import { AdminBankTransfers } from './bank-transfers-admin';
import { mayChangeStatus } from './order-view';

const order = makeOrder('a1b2c3d4-0000-4000-8000-00000abc123f', { paymentMode: 'bank', advancePercent: 30 });
const URL = `/api/payments/bank/orders/${order._id}`;
const transfer = bankTransfer();
const TRANSFER_URL = `/api/payments/bank/transfers/${transfer._id}`;

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = (onChanged = vi.fn()) =>
  renderWithStore(
    <>
      <AdminBankTransfers order={order} onChanged={onChanged} />
      <Notices />
    </>,
  );

// Generous: the suite shares a busy machine, and typing in jsdom is slow there.
describe('AdminBankTransfers', { timeout: 20_000 }, () => {
  it('confirms a recorded transfer and reloads the order', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      [`GET ${URL}`]: { body: orderTransfers({ transfers: [transfer] }) },
      [`POST ${TRANSFER_URL}/confirm`]: {
        body: { message: BANK_MESSAGES.confirmed, transfer: { ...transfer, status: 'confirmed' } },
      },
    });
    const onChanged = vi.fn();
    render(onChanged);
    const section = await screen.findByRole('region', { name: 'Bank transfers' });
    await within(section).findByText('Waiting for the shop to confirm');
    expect(section).toHaveTextContent('30% in advance (₹318/-), the balance before dispatch');
    expect(section).toHaveTextContent('Due now₹318/-');
    await user.click(within(section).getByRole('button', { name: `Confirm transfer ${transfer.utr}` }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(await screen.findByText(BANK_MESSAGES.confirmed)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining(`${TRANSFER_URL}/confirm`), expect.anything());
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      [`GET ${URL}`]: { body: orderTransfers({ transfers: [transfer] }) },
      [`POST ${TRANSFER_URL}/reject`]: {
        body: { message: BANK_MESSAGES.rejected, transfer: { ...transfer, status: 'rejected', rejectReason: 'x' } },
      },
    });
    render();
    const section = await screen.findByRole('region', { name: 'Bank transfers' });
    await user.click(await within(section).findByRole('button', { name: `Reject transfer ${transfer.utr}` }));
    await user.click(within(section).getByRole('button', { name: 'Reject the transfer' }));
    expect(await within(section).findByText(BANK_MESSAGES.rejectReason)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/reject'), expect.anything());
    await user.type(within(section).getByLabelText('Why it is rejected'), 'No such credit in the statement');
    await user.click(within(section).getByRole('button', { name: 'Reject the transfer' }));
    await screen.findByText(BANK_MESSAGES.rejected);
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/reject'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ reason: 'No such credit in the statement' });
  });

  it('changes the advance while nothing was received, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    mockFetch({
      [`GET ${URL}`]: { body: orderTransfers() },
      [`PUT ${URL}/terms`]: { status: 409, body: { message: BANK_MESSAGES.termsLocked } },
    });
    render();
    const form = await screen.findByRole('form', { name: 'Payment terms' });
    const input = within(form).getByLabelText('Advance (% of the total)');
    expect(input).toHaveValue('30');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(form).getByRole('button', { name: 'Change the advance' }));
    expect(await within(form).findByText(BANK_MESSAGES.advancePercent)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '50');
    await user.click(within(form).getByRole('button', { name: 'Change the advance' }));
    expect(await within(form).findByText(BANK_MESSAGES.termsLocked)).toBeInTheDocument();
  });

  it('offers no change of terms once money was received', async () => {
    mockFetch({
      [`GET ${URL}`]: {
        body: orderTransfers({
          received: 318,
          dueNow: 742,
          transfers: [{ ...transfer, status: 'confirmed' }],
        }),
      },
    });
    render();
    const section = await screen.findByRole('region', { name: 'Bank transfers' });
    await within(section).findByText('Received');
    expect(screen.queryByRole('form', { name: 'Payment terms' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Confirm transfer/ })).not.toBeInTheDocument();
  });
});

describe('the status of a bank-transfer order', () => {
  it('may change once the advance is in, not before', () => {
    expect(mayChangeStatus({ ...order, received: 0 })).toBe(false);
    expect(mayChangeStatus({ ...order, received: 636 })).toBe(true);
  });
});
