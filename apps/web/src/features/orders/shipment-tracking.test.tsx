/**
 * The buyer sees the shipment on My Orders and the confirmation page (docs/shop-rules.md#order-status):
 * courier and tracking number, the tracking link in a new tab when there is one, the delivery date.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { orderDto } from '../../test/fixtures';
import { formatDeliveryDate } from './expected-delivery';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';
const shipment = {
  courier: 'Delhivery',
  trackingNumber: '12345678901234',
  trackingUrl: 'https://www.delhivery.com/track/package/12345678901234',
  ewayBillNumber: null,
  vehicleNumber: null,
  transporterId: null,
  shippedAt: '2025-03-16T09:00:00.000Z',
};

beforeEach(() => loginAs());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** My Orders with one order: answers its card. */
async function card(order: OrderDto) {
  mockFetch({ 'GET /api/orders/me': { body: { orders: [order] } } });
  renderWithStore(<OrdersPage />, { route: '/order' });
  return screen.findByTestId('order-card');
}

/** The confirmation page of one order. */
async function confirmation(order: OrderDto) {
  mockFetch({ [`GET /api/orders/${ID}`]: { body: { data: order } } });
  renderWithStore(<OrderPage />, { route: `/order/${ID}`, path: '/order/:orderId' });
  return screen.findByTestId('order-confirmation');
}

const views = [
  ['My Orders card', card],
  ['confirmation page', confirmation],
] as const;

describe.each(views)('shipment tracking on the %s', (_name, render) => {
  it('shows the courier, the tracking number and a Track shipment link opening in a new tab', async () => {
    const view = await render(orderDto({ status: 'shipped', shipment }));
    expect(view).toHaveTextContent('Shipped with Delhivery · Tracking 12345678901234');
    const link = within(view).getByRole('link', { name: new RegExp(MESSAGES.trackShipment) });
    expect(link).toHaveAttribute('href', shipment.trackingUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(view).not.toHaveTextContent(/Delivered on/);
  });

  it('shows no link without a tracking URL (nor for one that is not http or https)', async () => {
    const view = await render(
      orderDto({
        status: 'shipped',
        shipment: { ...shipment, courier: 'DTDC', trackingNumber: 'D12345678', trackingUrl: null },
      }),
    );
    expect(view).toHaveTextContent(MESSAGES.shippedWith('DTDC', 'D12345678'));
    expect(within(view).queryByRole('link', { name: new RegExp(MESSAGES.trackShipment) })).not.toBeInTheDocument();
  });

  it('says when it was delivered', async () => {
    const deliveredAt = '2025-03-19T11:00:00.000Z';
    const view = await render(orderDto({ status: 'delivered', shipment, deliveredAt }));
    expect(view).toHaveTextContent(MESSAGES.deliveredOn(formatDeliveryDate(new Date(deliveredAt))));
    expect(view).toHaveTextContent(MESSAGES.shippedWith('Delhivery', '12345678901234'));
  });

  it('keeps showing the tracking, and offers no Cancel Order, once an admin moved a shipped order back', async () => {
    const view = await render(orderDto({ status: 'pending', shipment, shippedAt: shipment.shippedAt }));
    expect(view).toHaveTextContent(MESSAGES.shippedWith('Delhivery', '12345678901234'));
    expect(view).not.toHaveTextContent('Delivered on');
    expect(within(view).queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
  });

  it('offers no Cancel Order for an order delivered without a recorded shipment and moved back', async () => {
    const shippedAt = '2025-03-19T11:00:00.000Z';
    const view = await render(orderDto({ status: 'processing', shippedAt }));
    expect(within(view).queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
  });

  it('shows nothing of the kind before the order is shipped', async () => {
    const view = await render(orderDto({ status: 'processing' }));
    expect(view).not.toHaveTextContent(/Shipped with|Delivered on/);
    expect(within(view).queryByRole('link', { name: new RegExp(MESSAGES.trackShipment) })).not.toBeInTheDocument();
  });
});

it('never links a tracking URL that is not http or https', async () => {
  const view = await card(
    orderDto({ status: 'shipped', shipment: { ...shipment, trackingUrl: 'javascript:alert(1)' } }),
  );
  expect(view).toHaveTextContent(MESSAGES.shippedWith('Delhivery', '12345678901234'));
  expect(within(view).queryByRole('link', { name: new RegExp(MESSAGES.trackShipment) })).not.toBeInTheDocument();
});
