/** The Customers page's columns and detail (docs/shop-rules.md#customers-page): price list, open quotes, owes. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerDto } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { CustomersPage } from './customers-page';

const BUSINESS: CustomerDto = {
  kind: 'business',
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Zeta Fuels Pvt Ltd',
  email: null,
  phone: null,
  gstin: '27AAPFU0939F1ZV',
  outlets: 2,
  people: 3,
  orders: 7,
  spent: 125_000,
  owes: 4_240,
  lastOrderAt: '2026-11-20T06:00:00.000Z',
  createdAt: '2026-01-05T06:00:00.000Z',
  priceList: { _id: '22222222-2222-4222-8222-222222222222', name: 'Dealers 2026' },
  quotes: 2,
};
const LIST_PRICES: CustomerDto = {
  ...BUSINESS,
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Kappa Petroleum',
  priceList: null,
  quotes: 0,
  owes: 0,
};
const PERSON: CustomerDto = {
  ...BUSINESS,
  kind: 'person',
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  gstin: null,
  outlets: 0,
  people: 1,
  priceList: null,
  quotes: 1,
  owes: 0,
};
const DETAIL: CustomerDetail = { customer: BUSINESS, people: [], outlets: [], recentOrders: [] };

beforeEach(() => loginAs('admin', 'Ravi'));

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('CustomersPage', () => {
  it("shows each customer's price list (list prices for a business on none), open quotes and what it owes", async () => {
    mockFetch({
      'GET /api/admin/customers': { body: { data: [BUSINESS, LIST_PRICES, PERSON], total: 3 } },
    });
    renderWithStore(<CustomersPage />, { route: '/admin/customers' });
    await screen.findByText('Zeta Fuels Pvt Ltd');
    const headers = [...document.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Price list', 'Quotes', 'Orders', 'Spent', 'Owes', 'Last order']));
    const zeta = within(rowOf('Zeta Fuels Pvt Ltd'));
    expect(zeta.getByText('Dealers 2026')).toBeInTheDocument();
    expect(zeta.getByText('2')).toBeInTheDocument();
    expect(zeta.getByText('₹4,240.00')).toBeInTheDocument();
    expect(within(rowOf('Kappa Petroleum')).getByText('List prices')).toBeInTheDocument();
    const asha = within(rowOf('Asha Rao'));
    expect(asha.queryByText('List prices')).toBeNull();
    expect(asha.getByText('1')).toBeInTheDocument();
  }, 15_000);

  it("shows the price list and open quotes in a customer's detail", async () => {
    mockFetch({
      'GET /api/admin/customers': { body: { data: [BUSINESS], total: 1 } },
      [`GET /api/admin/customers/business/${BUSINESS._id}`]: { body: DETAIL },
    });
    renderWithStore(<CustomersPage />, { route: '/admin/customers' });
    await userEvent.click(await screen.findByRole('button', { name: 'View Zeta Fuels Pvt Ltd' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Price list').nextElementSibling).toHaveTextContent('Dealers 2026');
    expect(within(dialog).getByText('Open quotes').nextElementSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Owes').nextElementSibling).toHaveTextContent('₹4,240.00');
  }, 15_000);
});
