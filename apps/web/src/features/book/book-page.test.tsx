import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, BOOKING_MESSAGES, bookingPath, indiaDateOf, type BusinessDto, type CartLine } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { cartLine, checkoutConfig, savedAddress } from '../../test/fixtures';
import { rawProduct } from '../../shop/catalog/test-products';
import { CartPage } from '../checkout/cart-page';
import { BookPage } from './book-page';

const outletId = '00000000-0000-4000-8000-0000000000a1';
const business: BusinessDto = {
  _id: 'b1',
  legalName: 'Shakti Fuels Pvt Ltd',
  gstin: null,
  billingAddress: savedAddress(),
  approvalLimit: 50000,
  role: 'buyer',
  outlets: [
    {
      _id: outletId,
      name: 'Highway COCO',
      address: savedAddress(),
      brand: 'IOCL',
      dealerCode: 'D-1',
      pesoLicenceNumber: null,
      pesoLicenceValidUntil: null,
      remindersEnabled: true,
    },
  ],
  members: [],
  invitations: [],
};

const refill = rawProduct({ title: 'CO2 Extinguisher Refill', kind: 'service', minOrderQty: 2, price: 850 });
const today = indiaDateOf(new Date());

function renderBook(path: string) {
  const added: Record<string, unknown>[] = [];
  const lines: CartLine[] = [];
  const fetchMock = mockFetch({
    [`GET /api/products/${String(refill._id)}`]: { body: refill },
    'GET /api/business': { body: { business } },
    'GET /api/cart': () => ({ body: { items: lines } }),
    'GET /api/payments/config': { body: checkoutConfig() },
    'POST /api/cart/add': (init) => {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      added.push(body);
      const line = cartLine({ title: 'CO2 Extinguisher Refill', productId: String(refill._id), variantId: null });
      lines.push({ ...line, quantity: Number(body.quantity), serviceDate: String(body.serviceDate) });
      return { body: { items: lines } };
    },
  });
  const view = renderWithStore(<BookPage />, {
    route: path,
    path: '/book',
    extraRoutes: [
      { path: '/cart', element: <CartPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
  });
  return { ...view, fetchMock, added };
}

beforeEach(() => loginAs('customer', 'Asha'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BookPage', () => {
  it('adds the service for the asked day at its minimum quantity and opens the cart for the outlet', async () => {
    const day = addDays(today, 20);
    const { added, router } = renderBook(bookingPath({ productId: String(refill._id), outletId, date: day }));
    expect(await screen.findByText(BOOKING_MESSAGES.addedFor('Highway COCO'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(added).toEqual([{ productId: refill._id, variantId: null, quantity: 2, serviceDate: day }]);
    expect(localStorage.getItem('checkoutOutlet')).toBe(outletId);
  });

  it('books tomorrow when the asked day has passed', async () => {
    const { added } = renderBook(bookingPath({ productId: String(refill._id), outletId, date: addDays(today, -3) }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]!.serviceDate).toBe(addDays(today, 1));
  });

  it('adds nothing for an outlet not of the business, or a product the shop does not sell', async () => {
    const other = renderBook(
      bookingPath({ productId: String(refill._id), outletId: '00000000-0000-4000-8000-0000000000ff' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.outletNotYours);
    expect(other.added).toEqual([]);
    other.unmount();

    const gone = renderBook(bookingPath({ productId: 'not-a-product', outletId }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.productNotFound);
    expect(gone.added).toEqual([]);
  });

  it('sends a visitor to log in and back to the same link', async () => {
    localStorage.clear();
    const path = bookingPath({ productId: String(refill._id), outletId });
    const { router } = renderBook(path);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: path });
  });
});
