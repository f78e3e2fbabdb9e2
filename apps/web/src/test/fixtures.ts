/**
 * Test data for the cart, checkout, payment and orders tests: cart lines as GET /api/cart answers
 * them, the checkout config, and a fake payment window with Razorpay's browser API whose outcome
 * each test chooses.
 */
import type {
  Address,
  BankTransferDto,
  CartLine,
  CheckoutConfig,
  OrderDto,
  OrderTransfersResponse,
} from '@pumpkart/shared';
import type { RazorpayFailureResponse, RazorpayOptions, RazorpaySuccessResponse } from '../shop/payment/razorpay';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function cartLine(overrides: {
  title?: string;
  price?: number;
  quantity?: number;
  stock?: number;
  size?: string | null;
  productId?: string;
  variantId?: string | null;
  active?: boolean;
  /** A service line's booked day: the line is then a service's. */
  serviceDate?: string | null;
}): CartLine {
  counter += 1;
  const productId = overrides.productId ?? uuid(1000 + counter);
  const variantId = overrides.variantId === undefined ? uuid(5000 + counter) : overrides.variantId;
  const price = overrides.price ?? 100;
  const stock = overrides.stock ?? 10;
  return {
    _id: uuid(9000 + counter),
    product: {
      _id: productId,
      title: overrides.title ?? `Product ${counter}`,
      brand: 'Tokheim',
      category: 'Fuel Dispensers',
      price,
      stock,
      active: overrides.active ?? true,
      images: [],
      minOrderQty: 1,
      packSize: 1,
      kind: overrides.serviceDate === undefined ? 'goods' : 'service',
    },
    variant: variantId ? { _id: variantId, size: overrides.size ?? 'Standard', price, mrp: null, stock } : null,
    variantId,
    quantity: overrides.quantity ?? 1,
    serviceDate: overrides.serviceDate ?? null,
    price,
    stock,
  };
}

export const checkoutConfig = (overrides: Partial<CheckoutConfig> = {}): CheckoutConfig => ({
  gateway: 'sandbox',
  scriptUrl: '/api/payments/sandbox/checkout.js',
  key: 'rzp_test_sandbox',
  bankTransfer: null,
  currency: 'INR',
  codEnabled: false,
  shopName: 'PumpKart',
  themeColor: '#1e40af',
  ...overrides,
});

export const savedAddress = (overrides: Partial<Address> = {}): Address => ({
  recipientName: 'Asha Rao',
  recipientPhone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  ...overrides,
});

/**
 * 'fail': an attempt fails and the buyer then closes the window; 'fail-then-pay': an attempt fails
 * and the buyer pays in the same window; 'fail-and-stay': an attempt fails and the window stays open.
 */
export type PaymentOutcome = 'pay' | 'dismiss' | 'fail' | 'fail-then-pay' | 'fail-and-stay' | 'stay';

/** A stand-in for window.Razorpay: records the options and plays the chosen outcome on open(). */
export class FakeRazorpay {
  static outcome: PaymentOutcome = 'pay';
  static instances: FakeRazorpay[] = [];
  failedCallbacks: ((response: RazorpayFailureResponse) => void)[] = [];
  opened = false;

  constructor(readonly options: RazorpayOptions) {
    FakeRazorpay.instances.push(this);
  }

  on(event: string, callback: (response: RazorpayFailureResponse) => void) {
    if (event === 'payment.failed') this.failedCallbacks.push(callback);
  }

  close() {}

  open() {
    this.opened = true;
    const outcome = FakeRazorpay.outcome;
    const pay = () =>
      this.options.handler({
        razorpay_order_id: this.options.order_id,
        razorpay_payment_id: 'pay_sandbox_1',
        razorpay_signature: 'signature_1',
      } satisfies RazorpaySuccessResponse);
    const fail = () =>
      this.failedCallbacks.forEach((callback) =>
        callback({ error: { code: 'BAD_REQUEST_ERROR', description: 'Card declined' } }),
      );
    setTimeout(() => {
      if (outcome === 'pay') pay();
      else if (outcome === 'dismiss') this.options.modal?.ondismiss?.();
      else if (outcome.startsWith('fail')) {
        fail();
        if (outcome === 'fail') setTimeout(() => this.options.modal?.ondismiss?.(), 0);
        if (outcome === 'fail-then-pay') setTimeout(pay, 0);
      }
    }, 0);
  }

  static reset(outcome: PaymentOutcome = 'pay') {
    FakeRazorpay.outcome = outcome;
    FakeRazorpay.instances = [];
  }
}

export function orderDto(overrides: Partial<OrderDto> = {}): OrderDto {
  const id = overrides._id ?? 'a1b2c3d4-0000-4000-8000-00000abc123f';
  return {
    _id: id,
    status: 'pending',
    paymentMode: 'online',
    subtotal: 1000,
    shipping: 60,
    total: 1060,
    customer: { name: 'Asha', email: 'asha@example.com', phone: '9876543210' },
    user: { _id: uuid(1), name: 'Asha', email: 'asha@example.com' },
    address: savedAddress(),
    items: [
      {
        _id: uuid(2),
        product: { _id: uuid(3), title: 'Fuel Nozzle', images: [] },
        title: 'Fuel Nozzle',
        variant: { _id: uuid(4), size: '3/4 inch' },
        quantity: 2,
        price: 500,
        subtotal: 1000,
        image: null,
        serviceDate: null,
      },
    ],
    payment: {
      _id: uuid(5),
      mode: 'online',
      status: 'success',
      amount: 1060,
      transactionId: 'pay_123',
      razorpayOrderId: 'order_123',
    },
    payBy: null,
    approvalStatus: null,
    shipment: null,
    shippedAt: null,
    deliveredAt: null,
    advancePercent: 100,
    received: 0,
    businessName: null,
    gstin: null,
    invoice: null,
    creditNote: null,
    createdAt: '2025-03-15T10:30:00.000Z',
    updatedAt: '2025-03-15T10:30:00.000Z',
    ...overrides,
  };
}

/** The store's bank details as GET /api/payments/config and the order's transfers answer them. */
export const bankDetails = (): NonNullable<CheckoutConfig['bankTransfer']> => ({
  enabled: true,
  accountName: 'PumpKart Traders',
  accountNumber: '50200012345678',
  ifsc: 'HDFC0001234',
  bankBranch: 'HDFC Bank, Andheri East, Mumbai',
  upiId: null,
});

/** GET /api/payments/bank/orders/{id}: a 30 % advance of ₹1,060 not received yet, no transfers. */
export const orderTransfers = (overrides: Partial<OrderTransfersResponse> = {}): OrderTransfersResponse => ({
  advancePercent: 30,
  advance: 318,
  received: 0,
  dueNow: 318,
  bank: bankDetails(),
  transfers: [],
  ...overrides,
});

export const bankTransfer = (overrides: Partial<BankTransferDto> = {}): BankTransferDto => ({
  _id: '0c6f6f3e-1111-4111-8111-000000000001',
  orderId: 'a1b2c3d4-0000-4000-8000-00000abc123f',
  method: 'transfer',
  utr: 'HDFCN52026120712',
  gatewayPaymentId: null,
  amount: 318,
  transferredOn: '2026-12-07',
  status: 'recorded',
  rejectReason: null,
  decidedAt: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  ...overrides,
});
