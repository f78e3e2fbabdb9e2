import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { GST_MESSAGES, MESSAGES, validateGstin, type CartLine, type CheckoutConfig } from '@pumpkart/shared';
import { loginAs, mockFetch, renderWithStore, type FakeResponse } from '../../test/render';
import { Notices } from '../../shop/layout/notices';
import { CartPage } from './cart-page';
import { CheckoutModal } from './checkout-modal';
import { cartLine, checkoutConfig, FakeRazorpay, orderDto, savedAddress } from '../../test/fixtures';
import { resetPaymentScriptState } from '../../shop/payment/use-payment-script';

const ORDER_ID = '11111111-2222-4333-8444-555555abcdef';
/** Today, so the saved-order line shows the time alone. */
const PAY_BY = new Date(new Date().setHours(16, 30, 0, 0)).toISOString();
const PAY_BY_TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' }).format(new Date(PAY_BY));
type Routes = Parameters<typeof mockFetch>[0];

let alertSpy: MockInstance<(message?: unknown) => void>;

beforeEach(() => {
  loginAs('customer', 'Asha');
  localStorage.setItem('userAddresses', JSON.stringify([savedAddress()]));
  window.Razorpay = FakeRazorpay;
  FakeRazorpay.reset('pay');
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});

afterEach(() => {
  // The buyer journey never uses the browser's alert: every message is on the page.
  expect(alertSpy.mock.calls).toEqual([]);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Razorpay;
  resetPaymentScriptState();
});

const nozzle = cartLine({ title: 'Fuel Nozzle', price: 500, quantity: 2, stock: 5, size: '3/4 inch' });
const gloves = cartLine({ title: 'Safety Gloves', price: 250.5, quantity: 1, stock: 3, variantId: null });

function flowRoutes(overrides: Routes = {}, config: Partial<CheckoutConfig> = {}): Routes {
  return {
    'GET /api/cart': { body: { items: [nozzle, gloves] } },
    'GET /api/payments/config': { body: checkoutConfig(config) },
    'POST /api/orders': {
      status: 201,
      body: { message: 'Order placed', order: orderDto({ _id: ORDER_ID, payBy: PAY_BY, payment: null }) },
    },
    'POST /api/payments/create': {
      body: {
        rzpOrderId: 'order_sandbox_1',
        amount: 132583,
        currency: 'INR',
        key: 'rzp_test_sandbox',
        orderId: ORDER_ID,
      },
    },
    'POST /api/payments/verify': { body: { message: 'Payment verified', status: 'success', orderId: ORDER_ID } },
    [`PATCH /api/orders/${ORDER_ID}/cancel`]: {
      body: { message: 'Order cancelled successfully', data: orderDto({ _id: ORDER_ID, status: 'cancelled' }) },
    },
    ...overrides,
  };
}

/** Renders the cart, selects both lines and opens the checkout modal. */
async function openCheckout(overrides: Routes = {}, config: Partial<CheckoutConfig> = {}) {
  const fetchMock = mockFetch(flowRoutes(overrides, config));
  const view = renderWithStore(
    <>
      <CartPage />
      <Notices />
    </>,
    {
      route: '/cart',
      extraRoutes: [
        { path: '/order', element: <h1>My Orders page</h1> },
        {
          path: '/order/:orderId',
          element: (
            <>
              <h1>Order confirmation page</h1>
              <Notices />
            </>
          ),
        },
        { path: '/payment', element: <h1>Payment page</h1> },
      ],
    },
  );
  const user = userEvent.setup();
  await screen.findByText('Fuel Nozzle');
  // Both lines start selected.
  expect(screen.getByLabelText('Select all')).toBeChecked();
  const checkout = screen.getByRole('button', { name: 'Checkout' });
  await waitFor(() => expect(checkout).toBeEnabled());
  await user.click(checkout);
  const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
  return { ...view, fetchMock, user, dialog, checkout };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://x').pathname === path && (init?.method ?? 'GET') === method,
  );
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));
const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const confirmButton = () => screen.getByRole('button', { name: /Confirm Order|Processing\.\.\./ });
const tryAgainButton = () => screen.getByRole('button', { name: /Try again|Processing\.\.\./ });
/** The reason a payment did not go through, shown in the checkout modal with Try again. */
async function outcomeShown(text: string) {
  const panel = await screen.findByTestId('payment-outcome');
  expect(within(panel).getByRole('alert')).toHaveTextContent(text);
  return panel;
}

describe('Checkout modal', () => {
  it('prefills customer info from the session, offers saved addresses, and summarises the order', async () => {
    const { dialog } = await openCheckout();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Asha');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('9876543210');
    const saved = within(dialog).getByRole('radio', { name: /Asha Rao/ });
    expect(saved).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Use a new address' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Pay online/ })).toBeChecked();
    // 2 x 500 + 250.50 = 1,250.50; 6% delivery = 75.03; total 1,325.53
    expect(dialog).toHaveTextContent('Fuel Nozzle (3/4 inch) × 2');
    // The storefront's one price format (docs/decisions/0008-one-price-format.md), changed on purpose.
    expect(dialog).toHaveTextContent('Fuel Nozzle (3/4 inch) × 2₹1,000/-');
    expect(dialog).toHaveTextContent('₹1,250.50/-');
    expect(dialog).toHaveTextContent('Delivery charge (6%)₹75.03/-');
    expect(dialog).toHaveTextContent('Total₹1,325.53/-');
  });

  it('moves focus into the modal, and Escape closes it and returns focus to Checkout', async () => {
    const { user, dialog, checkout } = await openCheckout();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(checkout).toHaveFocus();
  });

  // Changed on purpose: what was a browser alert is now said in the modal, in the same words.
  it('says in the modal when name, email or phone is missing', async () => {
    const { user, dialog, fetchMock } = await openCheckout();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.checkoutCustomerRequired);
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

  it('says in the modal when the shipping address is incomplete (line2 is optional)', async () => {
    const { user, dialog, fetchMock } = await openCheckout({ 'GET /api/pincode/411001': { body: [] } });
    await user.click(within(dialog).getByRole('radio', { name: 'Use a new address' }));
    await user.type(within(dialog).getByLabelText('Recipient name'), 'Ravi');
    await user.type(within(dialog).getByLabelText('Recipient phone'), '9123456789');
    await user.type(within(dialog).getByLabelText('Address line 1'), '4 Ring Road');
    await user.type(within(dialog).getByLabelText('City'), 'Pune');
    await user.type(within(dialog).getByLabelText('State'), 'Maharashtra');
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.checkoutAddressIncomplete);
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);

    // Filling postal code and country completes it, even without line2; the address is then kept.
    await user.type(within(dialog).getByLabelText('Postal code'), '411001');
    await user.type(within(dialog).getByLabelText('Country'), 'India');
    FakeRazorpay.reset('stay');
    await user.click(confirmButton());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/orders')[0]!).address).toMatchObject({
      recipientName: 'Ravi',
      line1: '4 Ring Road',
      line2: '',
      postalCode: '411001',
    });
    expect(JSON.parse(localStorage.getItem('checkoutAddresses')!)).toEqual([
      expect.objectContaining({ recipientName: 'Ravi', city: 'Pune' }),
    ]);
  });

  it("shows the GSTIN check's reason under the field and sends nothing when the GSTIN is wrong", async () => {
    const { user, dialog, fetchMock } = await openCheckout();
    const gstin = within(dialog).getByLabelText(MESSAGES.gstinLabel);
    await user.type(gstin, '27AAHCP4821K1Z7');
    await user.click(confirmButton());
    const reason = GST_MESSAGES.gstinCheckCharacter('6', '7');
    expect(validateGstin('27AAHCP4821K1Z7')).toEqual({ ok: false, reason });
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(gstin).toHaveAccessibleDescription(reason);
    expect(gstin).toHaveFocus();
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);

    // Too short: the check names the length.
    await user.clear(gstin);
    await user.type(gstin, '27AAHCP');
    await user.click(confirmButton());
    expect(await within(dialog).findByText(GST_MESSAGES.gstinLength(7))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

  it('sends a valid GSTIN (upper-cased) and the business name with the customer', async () => {
    FakeRazorpay.reset('stay');
    const { user, dialog, fetchMock } = await openCheckout();
    await user.type(within(dialog).getByLabelText(MESSAGES.businessNameLabel), '  Shree Petroleum  ');
    await user.type(within(dialog).getByLabelText(MESSAGES.gstinLabel), '27aahcp4821k1z6');
    await user.click(confirmButton());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/orders')[0]!).customer).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      businessName: 'Shree Petroleum',
      gstin: '27AAHCP4821K1Z6',
    });
  });

  it('warns before payment when the GSTIN is registered in another state than the delivery address', async () => {
    FakeRazorpay.reset('stay');
    const { user, dialog, fetchMock } = await openCheckout();
    const gstin = within(dialog).getByLabelText(MESSAGES.gstinLabel);
    // A Karnataka GSTIN for the saved Bengaluru address: no warning.
    await user.type(gstin, '29AAHCP4821K1Z2');
    expect(within(dialog).queryByTestId('bill-to-ship-to')).not.toBeInTheDocument();
    // A Maharashtra GSTIN: the tax is Karnataka's, and the credit with it.
    await user.clear(gstin);
    await user.type(gstin, '27AAHCP4821K1Z6');
    const notice = within(dialog).getByTestId('bill-to-ship-to');
    expect(notice).toHaveTextContent(GST_MESSAGES.billToShipToTitle);
    expect(notice).toHaveTextContent(GST_MESSAGES.billToShipTo('Maharashtra', '27', 'Karnataka', '29'));
    expect(notice).toHaveTextContent('section 10(1)(a)');
    // A warning, not a refusal: the order still goes.
    await user.click(confirmButton());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
  });

  it("prefills the business name and GSTIN from the buyer's profile", async () => {
    localStorage.setItem('userBusinessName', 'Shree Petroleum');
    localStorage.setItem('userGstin', '27AAHCP4821K1Z6');
    const { dialog } = await openCheckout();
    expect(within(dialog).getByLabelText(MESSAGES.businessNameLabel)).toHaveValue('Shree Petroleum');
    expect(within(dialog).getByLabelText(MESSAGES.gstinLabel)).toHaveValue('27AAHCP4821K1Z6');
  });

  it('offers addresses typed at earlier checkouts as saved choices', async () => {
    localStorage.setItem(
      'checkoutAddresses',
      JSON.stringify([savedAddress({ recipientName: 'Kiran', line1: '9 Park St' })]),
    );
    const { dialog } = await openCheckout();
    expect(within(dialog).getByRole('radio', { name: /Asha Rao/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Kiran/ })).toBeInTheDocument();
  });

  it('shows cash on delivery as unavailable and disabled unless the server enables it', async () => {
    const { dialog } = await openCheckout();
    const cod = within(dialog).getByRole('radio', { name: /Cash on delivery/ });
    expect(cod).toBeDisabled();
    expect(within(dialog).getByText('(unavailable)')).toBeInTheDocument();
  });

  it('with COD enabled, stores the order payload as the pending order and goes to /payment', async () => {
    const { user, dialog, router, fetchMock } = await openCheckout({}, { codEnabled: true });
    const cod = within(dialog).getByRole('radio', { name: /Cash on delivery/ });
    expect(cod).toBeEnabled();
    await user.click(cod);
    await user.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const pending = JSON.parse(localStorage.getItem('pendingOrder')!);
    expect(pending).toMatchObject({ paymentMode: 'cod', shipping: 75.03, total: 1325.53 });
    // The attempt's Idempotency-Key travels with it to the /payment page.
    expect(pending.idempotencyKey).toMatch(UUID);
    expect(pending.items).toHaveLength(2);
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

  it("reads 'Processing...' while busy", async () => {
    let answer!: (value: FakeResponse) => void;
    const { user } = await openCheckout({
      'POST /api/orders': () => {
        throw new Error('replaced below');
      },
    });
    // A fetch that waits until the test answers.
    const waiting = new Promise<FakeResponse>((resolve) => (answer = resolve));
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/orders') && init?.method === 'POST') {
        const response = (await waiting) as { status: number; body: unknown };
        return new Response(JSON.stringify(response.body), {
          status: response.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return original(input, init);
    });
    await user.click(confirmButton());
    expect(await screen.findByRole('button', { name: MESSAGES.checkoutProcessing })).toBeDisabled();
    await act(async () => answer({ status: 400, body: { message: 'Nope' } }));
    expect(await screen.findByRole('button', { name: 'Confirm Order' })).toBeEnabled();
  });

  it.each([
    {
      name: "the server's message",
      response: { status: 409, body: { message: 'Prices have changed. Please review your cart.' } } as FakeResponse,
      text: 'Prices have changed. Please review your cart.',
    },
    {
      name: 'the backend error without one',
      response: { status: 500, body: {} } as FakeResponse,
      text: MESSAGES.checkoutBackendError,
    },
  ])('shows $name in the modal when the order is refused', async ({ response, text }) => {
    const { user, dialog } = await openCheckout({ 'POST /api/orders': response });
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText('Fuel Nozzle', { selector: 'h3' })).toBeInTheDocument();
  });

  it('says there was no response when the server cannot be reached', async () => {
    const { user, dialog } = await openCheckout({
      'POST /api/orders': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.checkoutNoResponse);
  });

  // Changed on purpose: the placed order is kept (never cancelled by the storefront) and can be paid again.
  it("shows 'Checkout failed: {message}' for any other error, keeps the order and offers Try again", async () => {
    const { user, dialog, fetchMock } = await openCheckout();
    window.Razorpay = class {
      constructor() {
        throw new Error('window blocked');
      }
    } as unknown as typeof window.Razorpay;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(confirmButton());
    await outcomeShown(MESSAGES.checkoutFailedWith('window blocked'));
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
  });

  it("says '⚠️ Order could not be created.' in the modal when the answer has no order id", async () => {
    // An answer whose order has no id (an empty one).
    const { user, dialog, fetchMock } = await openCheckout({
      'POST /api/orders': { status: 201, body: { message: 'ok', order: orderDto({ _id: '' }) } },
    });
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.orderNotCreated);
    expect(callsTo(fetchMock, 'POST', '/api/payments/create')).toHaveLength(0);
  });

  it("says '⚠️ Checkout failed. Please try again.' when no payment could be opened, and keeps the order", async () => {
    // A payment answer without the payment provider's order id (an empty one).
    const { user, fetchMock } = await openCheckout({
      'POST /api/payments/create': {
        body: { rzpOrderId: '', amount: 132583, currency: 'INR', key: 'rzp_test_sandbox', orderId: ORDER_ID },
      },
    });
    await user.click(confirmButton());
    await outcomeShown(MESSAGES.checkoutFailed);
    expect(FakeRazorpay.instances).toHaveLength(0);
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    expect(screen.getByTestId('payment-outcome')).toHaveTextContent(MESSAGES.orderSavedUntil('abcdef', PAY_BY_TIME));
  });

  it('says in the modal that the payment system is not loaded when the script is gone', async () => {
    const { user, dialog, fetchMock } = await openCheckout();
    delete window.Razorpay;
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.paymentScriptNotLoaded);
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

  // Changed on purpose: a paid order lands on its confirmation page, with the success text as a notice.
  it('pays: posts the order, opens the payment window, verifies, refreshes the cart and goes to /order/<id>', async () => {
    const { user, fetchMock, router } = await openCheckout({
      'GET /api/cart': (() => {
        let calls = 0;
        return () => ({ body: { items: (calls += 1) > 1 ? [] : [nozzle, gloves] } });
      })(),
    });
    await user.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`));
    expect(await screen.findByText(MESSAGES.paymentSucceeded)).toBeInTheDocument();

    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/orders')[0]!)).toEqual({
      customer: { name: 'Asha', email: 'asha@example.com', phone: '9876543210' },
      address: savedAddress(),
      items: [
        { product: nozzle.product._id, variantId: nozzle.variantId, title: 'Fuel Nozzle', price: 500, quantity: 2 },
        { product: gloves.product._id, variantId: null, title: 'Safety Gloves', price: 250.5, quantity: 1 },
      ],
      shipping: 75.03,
      total: 1325.53,
      paymentMode: 'online',
    });
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/payments/create')[0]!)).toEqual({ orderId: ORDER_ID });
    const options = FakeRazorpay.instances[0]!.options;
    expect(options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 132583,
      currency: 'INR',
      name: 'PumpKart',
      order_id: 'order_sandbox_1',
      prefill: { name: 'Asha', email: 'asha@example.com', contact: '9876543210' },
      theme: { color: '#1e40af' },
    });
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/payments/verify')[0]!)).toEqual({
      razorpay_order_id: 'order_sandbox_1',
      razorpay_payment_id: 'pay_sandbox_1',
      razorpay_signature: 'signature_1',
      orderId: ORDER_ID,
    });
    // The cart was refetched after the payment, and never cleared by the client.
    expect(callsTo(fetchMock, 'GET', '/api/cart').length).toBeGreaterThanOrEqual(2);
    expect(callsTo(fetchMock, 'DELETE', '/api/cart/clear')).toHaveLength(0);
    expect(await screen.findByText('Order confirmation page')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', '/api/payments/create')).toHaveLength(1);
  });

  it('clears the selection only after a verified payment', async () => {
    const onPlaced = vi.fn();
    const render = (routes: Routes) => {
      mockFetch(flowRoutes(routes));
      return renderWithStore(
        <CheckoutModal open onClose={() => undefined} lines={[nozzle]} config={checkoutConfig()} onPlaced={onPlaced} />,
        { route: '/cart', extraRoutes: [{ path: '/order/:orderId', element: <h1>Order confirmation page</h1> }] },
      );
    };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [outcome, routes, text] of [
      ['dismiss', {}, MESSAGES.paymentCancelled],
      ['fail', {}, MESSAGES.paymentFailed],
      [
        'pay',
        { 'POST /api/payments/verify': { status: 400, body: { message: 'Invalid signature' } } },
        MESSAGES.paymentVerificationFailed,
      ],
    ] as const) {
      FakeRazorpay.reset(outcome);
      const view = render(routes);
      await userEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
      await outcomeShown(text);
      view.unmount();
    }
    expect(onPlaced).not.toHaveBeenCalled();

    FakeRazorpay.reset('pay');
    const { router } = render({});
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`));
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  // Changed on purpose (docs/shop-rules.md#payments): a closed payment window no longer cancels the order.
  it('dismissed: says the payment was cancelled, keeps the order and the cart, and Try again pays the SAME order', async () => {
    FakeRazorpay.reset('dismiss');
    const { user, dialog, fetchMock, router } = await openCheckout();
    await user.click(confirmButton());
    const panel = await outcomeShown(MESSAGES.paymentCancelled);
    expect(panel).toHaveTextContent(MESSAGES.orderSavedUntil('abcdef', PAY_BY_TIME));
    // Focus lands on Try again, never on the page's body.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Try again' })).toHaveFocus());
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/payments/verify')).toHaveLength(0);
    expect(callsTo(fetchMock, 'DELETE', '/api/cart/clear')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/cart');
    expect(within(dialog).queryByRole('button', { name: 'Confirm Order' })).not.toBeInTheDocument();
    expect(screen.getByText('Fuel Nozzle', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.getByText('Safety Gloves', { selector: 'h3' })).toBeInTheDocument();

    // Try again: the same order is paid again; no second order is placed.
    FakeRazorpay.reset('pay');
    await user.click(tryAgainButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`));
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', '/api/payments/create')).toHaveLength(2);
    expect(callsTo(fetchMock, 'POST', '/api/payments/create').map(bodyOf)).toEqual([
      { orderId: ORDER_ID },
      { orderId: ORDER_ID },
    ]);
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/payments/verify')[0]!).orderId).toBe(ORDER_ID);
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
  });

  it('Close after a failed payment leaves the order awaiting payment (not cancelled) and the cart as it was', async () => {
    FakeRazorpay.reset('dismiss');
    const { user, fetchMock } = await openCheckout();
    await user.click(confirmButton());
    const panel = await outcomeShown(MESSAGES.paymentCancelled);
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    expect(screen.getByText('Fuel Nozzle', { selector: 'h3' })).toBeInTheDocument();
  });

  it('failed, then closed: says the payment failed, keeps the unpaid order, and keeps the cart', async () => {
    FakeRazorpay.reset('fail');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, fetchMock, router } = await openCheckout();
    await user.click(confirmButton());
    const panel = await outcomeShown(MESSAGES.paymentFailed);
    expect(panel).not.toHaveTextContent(MESSAGES.paymentCancelled);
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/payments/verify')).toHaveLength(0);
    expect(callsTo(fetchMock, 'DELETE', '/api/cart/clear')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/cart');
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByText('Fuel Nozzle', { selector: 'h3' })).toBeInTheDocument();
  });

  it('a failed attempt leaves the payment window open: nothing is said yet; closing it then says it failed', async () => {
    FakeRazorpay.reset('fail-and-stay');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, fetchMock } = await openCheckout();
    await user.click(confirmButton());
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Payment failed', expect.anything()));
    const paymentWindow = FakeRazorpay.instances[0]!;
    const close = vi.spyOn(paymentWindow, 'close');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(close).not.toHaveBeenCalled();
    expect(screen.queryByTestId('payment-outcome')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.checkoutProcessing })).toBeDisabled();
    // The buyer gives up: only now is the failure told, once; the order is kept.
    act(() => paymentWindow.options.modal!.ondismiss!());
    await outcomeShown(MESSAGES.paymentFailed);
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
  });

  it('locks the cart while the payment window is open, with a note why; the page behind is inert', async () => {
    FakeRazorpay.reset('stay');
    const { user, container } = await openCheckout();
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.cartLockedWhilePaying)).toBeInTheDocument();
    for (const name of [/Decrease quantity of Fuel Nozzle/, /Increase quantity of Fuel Nozzle/, /Remove Fuel Nozzle/]) {
      expect(screen.getByRole('button', { name, hidden: true })).toBeDisabled();
    }
    expect(screen.getByRole('checkbox', { name: /Select Fuel Nozzle/, hidden: true })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select all', hidden: true })).toBeDisabled();
    // The app and its checkout dialog cannot be reached while the provider's window is open.
    expect(container.inert).toBe(true);
    expect(
      screen.getByRole('dialog', { name: 'Checkout', hidden: true }).closest('[data-testid="modal-backdrop"]')!
        .parentElement!.inert ?? true,
    ).toBe(true);

    act(() => FakeRazorpay.instances[0]!.options.modal!.ondismiss!());
    await outcomeShown(MESSAGES.paymentCancelled);
    expect(screen.queryByText(MESSAGES.cartLockedWhilePaying)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Remove Fuel Nozzle/, hidden: true })).toBeEnabled();
  });

  it('failed, then paid in the same window: verifies and succeeds like any payment', async () => {
    FakeRazorpay.reset('fail-then-pay');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, fetchMock, router } = await openCheckout();
    await user.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`));
    expect(await screen.findByText(MESSAGES.paymentSucceeded)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/payments/verify')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    expect(FakeRazorpay.instances).toHaveLength(1);
  });

  it('sends one Idempotency-Key per checkout attempt, the same again when the order got no answer', async () => {
    let orderCalls = 0;
    const { user, dialog, fetchMock } = await openCheckout({
      'POST /api/orders': () => {
        orderCalls += 1;
        if (orderCalls === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: { message: 'Order placed', order: orderDto({ _id: ORDER_ID, payBy: PAY_BY }) } };
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeRazorpay.reset('dismiss');
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.checkoutNoResponse);
    // Confirming again retries the same attempt: the server answers the order it may have placed.
    await user.click(confirmButton());
    const panel = await outcomeShown(MESSAGES.paymentCancelled);
    // Try again pays that order: no order request at all.
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/payments/create')).toHaveLength(2));
    await outcomeShown(MESSAGES.paymentCancelled);
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(2);
    // A new checkout (the modal closed and opened again) is a new attempt with a new key.
    await user.click(within(screen.getByTestId('payment-outcome')).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await screen.findByRole('dialog', { name: 'Checkout' });
    await user.click(confirmButton());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(3));
    const keys = callsTo(fetchMock, 'POST', '/api/orders').map(keyOf);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('verification failed: says so and keeps the cart and the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, fetchMock, router } = await openCheckout({
      'POST /api/payments/verify': { status: 400, body: { message: 'Invalid payment signature' } },
    });
    await user.click(confirmButton());
    await outcomeShown(MESSAGES.paymentVerificationFailed);
    expect(screen.queryByText(MESSAGES.paymentSucceeded)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/cart/clear')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.getByText('Fuel Nozzle', { selector: 'h3' })).toBeInTheDocument();
  });
});

describe('CheckoutModal without orderable lines', () => {
  it("says '⚠️ No valid items selected for checkout.' in the modal when every line is out of stock", async () => {
    const fetchMock = mockFetch({});
    const soldOut: CartLine = cartLine({ title: 'Sold out', stock: 0 });
    renderWithStore(
      <CheckoutModal
        open
        onClose={() => undefined}
        lines={[soldOut]}
        config={checkoutConfig()}
        onPlaced={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.noValidItems);
    // Nothing is sent (the payment config may be read: the modal can open the payment window).
    expect(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });
});
