import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_MESSAGES, type BusinessDto, type BusinessRole } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { savedAddress } from '../../test/fixtures';
import { RequestQuoteDialog } from './request-quote-dialog';

const QUOTE_ID = '11111111-2222-4333-8444-555555abcdef';
const line = { productId: 'p1', variantId: null, title: 'Fuel Nozzle', size: null, quantity: 4 };

const business = (role: BusinessRole): BusinessDto => ({
  _id: 'b1',
  legalName: 'Shakti Fuels Pvt Ltd',
  gstin: null,
  billingAddress: savedAddress(),
  approvalLimit: 50000,
  role,
  outlets: [
    {
      _id: 'o1',
      name: 'Highway COCO',
      address: savedAddress(),
      brand: 'IOCL',
      dealerCode: 'D-1',
      pesoLicenceNumber: null,
      pesoLicenceValidUntil: null,
      remindersEnabled: true,
    },
    {
      _id: 'o2',
      name: 'City Depot',
      address: savedAddress({ city: 'Pune' }),
      brand: 'HPCL',
      dealerCode: 'D-2',
      pesoLicenceNumber: null,
      pesoLicenceValidUntil: null,
      remindersEnabled: true,
    },
  ],
  members: [],
  invitations: [],
});

function open(answer: { business: BusinessDto | null }) {
  const fetchMock = mockFetch({
    'GET /api/business': { body: answer },
    'POST /api/quotes': { status: 201, body: { message: 'Your request has been sent.', data: { _id: QUOTE_ID } } },
  });
  renderWithStore(<RequestQuoteDialog lines={[line]} onClose={() => undefined} />, {
    route: '/cart',
    extraRoutes: [{ path: '/quotes/:id', element: <h1>Quote page</h1> }],
  });
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(call![1]!.body)) as Record<string, unknown>;
};

beforeEach(() => {
  loginAs('customer', 'Asha');
  localStorage.setItem('userPhone', '9123456780');
  localStorage.setItem('userAddresses', JSON.stringify([savedAddress()]));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RequestQuoteDialog', () => {
  it("offers a business buyer the business's outlets, as checkout does, and sends the one picked", async () => {
    const fetchMock = open({ business: business('buyer') });
    const depot = await screen.findByRole('radio', { name: /City Depot/ });
    expect(screen.getByRole('group', { name: 'Deliver to outlet' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Highway COCO/ })).toBeChecked();
    await userEvent.click(depot);
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const body = sentBody(fetchMock);
    expect(body).toMatchObject({ outletId: 'o2', lines: [{ product: 'p1', quantity: 4 }] });
    expect(body).not.toHaveProperty('address');
  });

  it("tells a business's viewer that they cannot ask, without a form", async () => {
    open({ business: business('viewer') });
    expect(await screen.findByText(BUSINESS_MESSAGES.viewerCannotAskQuote)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });

  it('asks a consumer for an address and sends it', async () => {
    const fetchMock = open({ business: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const body = sentBody(fetchMock);
    expect(body).toHaveProperty('address');
    expect(body).not.toHaveProperty('outletId');
    expect(screen.queryByRole('group', { name: 'Deliver to outlet' })).not.toBeInTheDocument();
  });
});
