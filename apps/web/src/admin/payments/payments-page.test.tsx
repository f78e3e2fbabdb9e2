import { MESSAGES } from '@pumpkart/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { makePayment } from '../test-data';
import { PaymentsPage } from './payments-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const online = makePayment('111111', {
  order: {
    ...makePayment('111111').order,
    customer: { name: 'Vikram Singh', email: 'v@example.com', phone: '9123456780' },
  },
});
const cod = makePayment('222222', { mode: 'cod', status: 'pending' });

const table = (name: string) => screen.getByRole('region', { name });
const headers = (name: string) =>
  within(table(name))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('Admin payments', () => {
  it('shows COD and Online tables; only the online one has a Txn ID column', async () => {
    mockFetch({ 'GET /api/payments': { body: [online, cod] } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    expect(screen.getByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading payments...');
    await screen.findByRole('region', { name: 'COD Payments' });
    expect(headers('COD Payments')).toEqual(['Order', 'Customer', 'Mode', 'Status', 'Amount', 'Date', 'View']);
    expect(headers('Online Payments')).toEqual([
      'Order',
      'Customer',
      'Mode',
      'Status',
      'Amount',
      'Date',
      'Txn ID',
      'View',
    ]);
    const onlineRow = within(table('Online Payments')).getAllByRole('row')[1]!;
    expect(
      within(onlineRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['111111', 'Vikram Singh', 'Online', 'success', '₹2,120.00', '05 Jun 2026', 'txn_111111', 'View']);
    const codRow = within(table('COD Payments')).getAllByRole('row')[1]!;
    expect(
      within(codRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['222222', 'Asha Rao', 'COD', 'pending', '₹2,120.00', '05 Jun 2026', 'View']);
  });

  it('scrolls each table sideways on a narrow screen instead of pinning the View column over other cells', async () => {
    mockFetch({ 'GET /api/payments': { body: [online, cod] } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByRole('region', { name: 'COD Payments' });
    for (const name of ['COD Payments', 'Online Payments']) {
      expect(screen.getByRole('region', { name: `${name} table` })).toHaveClass('overflow-x-auto');
      const cells = [...within(table(name)).getAllByRole('columnheader'), ...within(table(name)).getAllByRole('cell')];
      for (const cell of cells) {
        expect(cell).toHaveClass('whitespace-nowrap');
        expect(cell.className).not.toMatch(/\bsticky\b/);
      }
    }
  });

  it("says 'No payments found' in an empty table", async () => {
    mockFetch({ 'GET /api/payments': { body: [online] } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    await screen.findByRole('region', { name: 'COD Payments' });
    expect(table('COD Payments')).toHaveTextContent(MESSAGES.noPaymentsFound);
    expect(table('Online Payments')).not.toHaveTextContent(MESSAGES.noPaymentsFound);
  });

  it('says the load failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/payments': { status: 500, body: { message: 'down' } } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.paymentsLoadFailed);
  });

  it('shows every field of an online payment in the detail modal', async () => {
    mockFetch({ 'GET /api/payments': { body: [online, cod] } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View payment for order 111111' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
    const pairs = Array.from(dialog.querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Order ID', 'order-000000111111'],
      ['Customer', 'Vikram Singh'],
      ['Email', 'v@example.com'],
      ['Phone', '9123456780'],
      ['Mode', 'Online'],
      ['Status', 'success'],
      ['Amount', '₹2,120.00'],
      ['Date', expect.stringMatching(/^05 Jun 2026/)],
      ['Transaction ID', 'txn_111111'],
      ['Provider Order ID', 'order_rzp_111111'],
      ['Payment ID', 'pay_rzp_111111'],
      ['Signature', 'sig_111111'],
    ]);
  });

  it('leaves the gateway fields out for a COD payment', async () => {
    mockFetch({ 'GET /api/payments': { body: [online, cod] } });
    renderWithStore(<PaymentsPage />, { route: '/admin/PaymentInfo' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View payment for order 222222' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
    const labels = Array.from(dialog.querySelectorAll('dt')).map((dt) => dt.textContent);
    expect(labels).toEqual(['Order ID', 'Customer', 'Email', 'Phone', 'Mode', 'Status', 'Amount', 'Date']);
    expect(dialog).toHaveTextContent('asha@example.com');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
