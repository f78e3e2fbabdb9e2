import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_MESSAGES, indiaDateOf } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { bankTransfer, orderDto, orderTransfers } from '../../test/fixtures';
import { BankTransferPanel } from './bank-transfer-panel';

const order = orderDto({ paymentMode: 'bank', advancePercent: 30 });
const URL = `/api/payments/bank/orders/${order._id}`;

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Generous: the suite shares a busy machine, and typing in jsdom is slow there.
describe('BankTransferPanel', { timeout: 20_000 }, () => {
  it('shows the terms, the amount due now, the bank details and paying it online', async () => {
    mockFetch({ [`GET ${URL}`]: { body: orderTransfers() } });
    renderWithStore(<BankTransferPanel order={order} />);
    const panel = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    await within(panel).findByText('30% in advance (₹318/-), the balance before dispatch');
    expect(panel).toHaveTextContent('Received so far₹0/-');
    expect(panel).toHaveTextContent('Due now₹318/-');
    expect(panel).toHaveTextContent('Transfer ₹318/- by NEFT, RTGS or IMPS');
    expect(panel).toHaveTextContent('50200012345678');
    expect(panel).toHaveTextContent('HDFC0001234');
    expect(within(panel).getByRole('button', { name: 'Copy the account number' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Copy the IFSC' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Pay ₹318/- online' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('No transfer recorded yet.');
    const form = within(panel).getByRole('form', { name: 'Record a transfer' });
    expect(within(form).getByLabelText('Amount (₹)')).toHaveValue('318');
    expect(within(form).getByLabelText('Date of the transfer')).toHaveValue(indiaDateOf(new Date()));
  });

  it('lists the transfers with their status and a rejection’s reason; nothing to record once paid', async () => {
    mockFetch({
      [`GET ${URL}`]: {
        body: orderTransfers({
          received: 1060,
          dueNow: 0,
          transfers: [
            bankTransfer({ status: 'rejected', rejectReason: 'No such credit', utr: 'WRONG1234567' }),
            bankTransfer({ _id: '0c6f6f3e-1111-4111-8111-000000000002', status: 'confirmed', amount: 1060 }),
          ],
        }),
      },
    });
    renderWithStore(<BankTransferPanel order={{ ...order, status: 'processing' }} />);
    const panel = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    await within(panel).findByText('Reason: No such credit');
    expect(within(panel).getByRole('listitem', { name: 'Transfer WRONG1234567' })).toHaveTextContent('Not received');
    expect(within(panel).getByRole('listitem', { name: 'Transfer HDFCN52026120712' })).toHaveTextContent('Received');
    expect(panel).toHaveTextContent('Nothing: paid in full');
    expect(within(panel).queryByRole('button', { name: /online$/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('form', { name: 'Record a transfer' })).not.toBeInTheDocument();
  });

  it('offers no online payment while a recorded transfer waits for the shop (it may cover the amount)', async () => {
    mockFetch({ [`GET ${URL}`]: { body: orderTransfers({ transfers: [bankTransfer({ status: 'recorded' })] }) } });
    renderWithStore(<BankTransferPanel order={order} />);
    const panel = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    await within(panel).findByText(/Transfers waiting for confirmation are counted/);
    expect(within(panel).queryByRole('button', { name: /online$/ })).not.toBeInTheDocument();
  });

  it('records a transfer and shows the server’s refusals under their field', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { message: BANK_MESSAGES.utrUsed },
    };
    const fetch = mockFetch({
      [`GET ${URL}`]: { body: orderTransfers() },
      [`POST ${URL}/transfers`]: () => answer,
    });
    renderWithStore(<BankTransferPanel order={order} />);
    const form = await screen.findByRole('form', { name: 'Record a transfer' });
    const utr = within(form).getByLabelText('UTR / reference number');

    await user.click(within(form).getByRole('button', { name: 'Record the transfer' }));
    expect(await within(form).findByText(BANK_MESSAGES.utr)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/transfers'), expect.anything());

    await user.type(utr, 'hdfc n520 2612 0712');
    await user.click(within(form).getByRole('button', { name: 'Record the transfer' }));
    expect(await within(form).findByText(BANK_MESSAGES.utrUsed)).toBeInTheDocument();
    expect(utr).toHaveAttribute('aria-invalid', 'true');
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/transfers'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      utr: 'HDFCN52026120712',
      amount: 318,
      transferredOn: indiaDateOf(new Date()),
    });

    answer = { status: 409, body: { message: BANK_MESSAGES.tooMuch('₹318.00') } };
    await user.clear(within(form).getByLabelText('Amount (₹)'));
    await user.type(within(form).getByLabelText('Amount (₹)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Record the transfer' }));
    expect(await within(form).findByText(BANK_MESSAGES.tooMuch('₹318.00'))).toBeInTheDocument();
    expect(within(form).getByLabelText('Amount (₹)')).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 201, body: { message: BANK_MESSAGES.recorded, transfer: bankTransfer() } };
    await user.click(within(form).getByRole('button', { name: 'Record the transfer' }));
    expect(await within(form).findByText(BANK_MESSAGES.recorded)).toBeInTheDocument();
  });
});
