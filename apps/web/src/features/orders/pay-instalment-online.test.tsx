import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_MESSAGES, MESSAGES } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { checkoutConfig, FakeRazorpay, orderDto } from '../../test/fixtures';
import { Notices } from '../../shop/layout/notices';
import { resetPaymentScriptState } from '../../shop/payment/use-payment-script';
import { PayInstalmentOnline } from './pay-instalment-online';

const ID = 'a1b2c3d4-0000-4000-8000-00000abc123f';

beforeEach(() => {
  loginAs();
  window.Razorpay = FakeRazorpay;
  FakeRazorpay.reset('pay');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
  resetPaymentScriptState();
});

const render = (amountDue: number, onDone = vi.fn()) =>
  renderWithStore(
    <>
      <PayInstalmentOnline order={orderDto({ _id: ID })} amountDue={amountDue} onDone={onDone} />
      <Notices />
    </>,
    { route: `/order/${ID}`, path: '/order/:orderId' },
  );

describe('PayInstalmentOnline', () => {
  it('pays the amount due now in the payment window, verifies it and says so', async () => {
    const fetchMock = mockFetch({
      'GET /api/payments/config': { body: checkoutConfig() },
      [`POST /api/payments/bank/orders/${ID}/online`]: {
        body: { rzpOrderId: 'order_sb_7', amount: 31800, currency: 'INR', key: 'rzp_test_sandbox', orderId: ID },
      },
      'POST /api/payments/verify': { body: { message: 'Payment verified', status: 'success', orderId: ID } },
      'GET /api/cart': { body: { items: [] } },
      [`GET /api/orders/${ID}`]: { body: { data: orderDto({ _id: ID }) } },
    });
    const onDone = vi.fn();
    render(318, onDone);
    const button = screen.getByRole('button', { name: 'Pay ₹318/- online' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(BANK_MESSAGES.paidOnline)).toBeInTheDocument();
    expect(FakeRazorpay.instances.at(-1)!.options).toMatchObject({ order_id: 'order_sb_7', amount: 31800 });
    const verifies = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/payments/verify'));
    expect(verifies.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      {
        razorpay_order_id: 'order_sb_7',
        razorpay_payment_id: 'pay_sandbox_1',
        razorpay_signature: 'signature_1',
        orderId: ID,
      },
    ]);
    // The order's own online payment is never opened for it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/payments/create'))).toBe(false);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal (409) and nothing when nothing is due", async () => {
    mockFetch({
      'GET /api/payments/config': { body: checkoutConfig() },
      [`POST /api/payments/bank/orders/${ID}/online`]: {
        status: 409,
        body: { message: BANK_MESSAGES.transferWaiting },
      },
    });
    const { unmount } = render(500);
    const button = screen.getByRole('button', { name: 'Pay ₹500/- online' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(BANK_MESSAGES.transferWaiting)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.paymentSucceeded)).not.toBeInTheDocument();
    unmount();
    render(0);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
