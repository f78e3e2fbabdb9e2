import type { EinvoiceDto } from '@pumpkart/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { CANCEL_IRN_TEXT } from './cancel-irn-dialog';
import { EINVOICES_TEXT, EinvoicesPage } from './einvoices-page';

beforeEach(() => loginAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const IRN = 'a'.repeat(64);

function einvoice(id: string, overrides: Partial<EinvoiceDto> = {}): EinvoiceDto {
  return {
    id,
    kind: 'invoice',
    number: 'PK/26-27/000012',
    orderId: 'order-1',
    issuedAt: '2026-11-12T06:00:00.000Z',
    buyerGstin: '29AABFB1234C1Z4',
    buyerName: 'Shree Fuels LLP',
    totalPaise: 2_443_900,
    status: 'registered',
    irn: IRN,
    ackNo: '112610000000123',
    ackDate: '2026-11-12T06:00:05.000Z',
    cancellableUntil: '2099-11-13T06:00:05.000Z',
    attempts: 1,
    nextAttemptAt: null,
    error: null,
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}

describe('Admin E-invoices page', () => {
  it('lists the documents with their state, says which portal is used, and cancels an IRN with a reason', async () => {
    const registered = einvoice('e1');
    const waiting = einvoice('e2', {
      number: 'PK/26-27/000013',
      status: 'pending',
      irn: null,
      ackNo: null,
      ackDate: null,
      cancellableUntil: null,
      error: 'connect ECONNREFUSED',
    });
    const fetchMock = mockFetch({
      'GET /api/admin/einvoices': { body: { provider: 'sandbox', enabled: true, items: [registered, waiting] } },
      'POST /api/admin/einvoices/e1/cancel': {
        body: { ...registered, status: 'cancelled', cancellableUntil: null, cancelledAt: '2026-11-12T08:00:00.000Z' },
      },
    });
    renderWithStore(<EinvoicesPage />, { route: '/admin/einvoices' });
    const region = await screen.findByRole('region', { name: `${EINVOICES_TEXT.table} table` });
    const table = within(region).getByRole('table');
    expect(screen.getByText(EINVOICES_TEXT.sandbox)).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('PK/26-27/000012');
    expect(first).toHaveTextContent('Registered');
    expect(first).toHaveTextContent(IRN);
    expect(second).toHaveTextContent('Waiting for IRN');
    expect(second).toHaveTextContent('connect ECONNREFUSED');
    expect(within(second!).getByRole('button', { name: EINVOICES_TEXT.sendNow })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(within(first!).getByRole('button', { name: EINVOICES_TEXT.cancelIrn }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL_IRN_TEXT.title('PK/26-27/000012') });
    await user.selectOptions(within(dialog).getByLabelText(CANCEL_IRN_TEXT.reason), '1');
    await user.type(within(dialog).getByLabelText(CANCEL_IRN_TEXT.remark), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: CANCEL_IRN_TEXT.submit }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ reason: '1', remark: 'Entered twice' });
  });
});
