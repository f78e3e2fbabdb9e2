/**
 * One example of every kind of e-mail (docs/shop-rules.md#emails): the message and the context it is rendered
 * with, the order in the state it is in when that message goes out. Used by the render tests, the preview script
 * (`npm run mail:preview`) and other tests that need a realistic message; never by the running server.
 */
import {
  MAIL_KINDS,
  orderTotals,
  toRupees,
  type MailKind,
  type OrderDto,
  type OrderStatus,
  type PaymentStatus,
} from '@pumpkart/shared';
import type { MailMessageOf } from '../messages';
import type { MailContext } from '../render';

export const FIXTURE_SHOP_URL = 'https://shop.pumpkart.example';
export const FIXTURE_STORE: MailContext['store'] = {
  name: 'PumpKart',
  email: 'support@pumpkart.example',
  phone: '9822012345',
};
/** Its last 6 characters, the order number e-mails show, are 'a1b2c3'. */
export const FIXTURE_ORDER_ID = '6b1f3c2e-9d4a-4c7e-8f21-5e0d3fa1b2c3';

interface FixtureLine {
  title: string;
  size: string | null;
  quantity: number;
  unitPricePaise: number;
}

/** A brass nozzle in a size, a harness in a size with paise in its price, and a pump without sizes. */
export const FIXTURE_LINES: FixtureLine[] = [
  { title: 'Brass fuel nozzle', size: '3/4 inch', quantity: 2, unitPricePaise: 92_500 },
  { title: 'Reflective dog harness', size: 'M', quantity: 1, unitPricePaise: 49_950 },
  { title: 'Diesel transfer pump 12V', size: null, quantity: 1, unitPricePaise: 749_900 },
];

const PLACED_AT = '2026-03-20T05:30:00.000Z';

/** The order as the API answers it, built from lines the way the server prices one (orderTotals). */
export function fixtureOrder(overrides: Partial<OrderDto> = {}, lines: FixtureLine[] = FIXTURE_LINES): OrderDto {
  const totals = orderTotals(lines);
  const paymentMode = overrides.paymentMode ?? 'online';
  return {
    _id: FIXTURE_ORDER_ID,
    status: 'processing',
    paymentMode,
    subtotal: toRupees(totals.subtotalPaise),
    shipping: toRupees(totals.shippingPaise),
    total: toRupees(totals.totalPaise),
    customer: { name: 'Priya Sharma', email: 'priya.sharma@example.in', phone: '9876543210' },
    user: { _id: '0c8e6f4a-2b1d-4e3f-9a7c-5d6e7f8a9b0c', name: 'Priya Sharma', email: 'priya.sharma@example.in' },
    address: {
      recipientName: 'Priya Sharma',
      recipientPhone: '9876543210',
      line1: 'Flat 12B, Sea View Apartments, Carter Road',
      line2: 'Bandra West',
      city: 'Mumbai',
      state: 'Maharashtra',
      postalCode: '400050',
      country: 'India',
    },
    items: lines.map((line, index) => ({
      _id: `9f0e1d2c-3b4a-4596-8778-${String(index + 1).padStart(12, '0')}`,
      product: null,
      title: line.title,
      variant: line.size ? { _id: null, size: line.size } : null,
      quantity: line.quantity,
      price: toRupees(line.unitPricePaise),
      subtotal: toRupees(line.unitPricePaise * line.quantity),
      image: null,
      serviceDate: null,
    })),
    payment: {
      _id: '4d3c2b1a-0f9e-4d8c-b7a6-958473625140',
      mode: paymentMode,
      status: 'success',
      amount: toRupees(totals.totalPaise),
      transactionId: paymentMode === 'online' ? 'pay_Q8xYz12AbCdEf3' : null,
      razorpayOrderId: paymentMode === 'online' ? 'order_Q8xYw98ZyXwVu7' : null,
    },
    advancePercent: 100,
    received: 0,
    businessName: null,
    gstin: null,
    invoice: null,
    creditNote: null,
    payBy: null,
    approvalStatus: null,
    shipment: null,
    shippedAt: null,
    deliveredAt: null,
    createdAt: PLACED_AT,
    updatedAt: PLACED_AT,
    ...overrides,
  };
}

/** The order total in paise (what a refund of the whole order gives back). */
export const FIXTURE_TOTAL_PAISE = orderTotals(FIXTURE_LINES).totalPaise;

export interface MailFixture<K extends MailKind> {
  message: MailMessageOf<K>;
  context: MailContext;
}

const context = (order: OrderDto | null): MailContext => ({ shopUrl: FIXTURE_SHOP_URL, store: FIXTURE_STORE, order });

function withPayment(order: OrderDto, status: PaymentStatus): OrderDto {
  return { ...order, payment: order.payment && { ...order.payment, status } };
}
/** A cash-on-delivery order: placed and not paid yet, unless told otherwise. */
const codOrder = (status: OrderStatus = 'pending', paymentStatus: PaymentStatus = 'pending') =>
  withPayment(fixtureOrder({ paymentMode: 'cod', status }), paymentStatus);
const onlineOrder = (status: OrderStatus, paymentStatus: PaymentStatus) =>
  withPayment(fixtureOrder({ status }), paymentStatus);

const SHIPMENT = {
  courier: 'Blue Dart',
  trackingNumber: 'BD 7781 2245 09',
  trackingUrl: 'https://www.bluedart.com/tracking?awb=7781224509',
};

const orderId = FIXTURE_ORDER_ID;
/** The outlet and the service product of the reminder example. */
export const FIXTURE_OUTLET_ID = '3a9e1c55-7f2b-4d61-8e0a-1b2c3d4e5f60';
export const FIXTURE_SERVICE_ID = '5c7d2e11-0a3b-4c9d-8e7f-6a5b4c3d2e1f';
/** A request for quote whose number (its id's last 6 characters) is q1w2e3. */
export const FIXTURE_QUOTE_ID = '7d3f9c2e-5b1a-4e8d-9f6c-00000q1w2e3';

/** Return 1 of the delivered order: both brass nozzles. */
const RETURN = {
  orderId,
  returnNumber: 1,
  lines: [{ title: 'Brass fuel nozzle', size: '3/4 inch', quantity: 2 }],
};
const RETURN_REASON = 'The nozzles are 1 inch, not 3/4 inch as ordered.';
const BANK = {
  enabled: true,
  accountName: 'PumpKart Supplies Pvt Ltd',
  accountNumber: '50200012345678',
  ifsc: 'HDFC0001234',
  bankBranch: 'HDFC Bank, Andheri East',
  upiId: null,
};
const bankOrder = withPayment(fixtureOrder({ paymentMode: 'bank', status: 'pending', advancePercent: 30 }), 'pending');
const delivered = fixtureOrder({ status: 'delivered', deliveredAt: '2026-03-24T20:15:00.000Z' });

export const MAIL_FIXTURES: { [K in MailKind]: MailFixture<K> } = {
  'order-placed': { message: { kind: 'order-placed', orderId }, context: context(codOrder()) },
  'payment-received': {
    message: { kind: 'payment-received', orderId },
    context: context(fixtureOrder({ invoice: { number: 'PK/25-26/000123', issuedAt: PLACED_AT } })),
  },
  'order-shipped': {
    message: { kind: 'order-shipped', orderId, ...SHIPMENT },
    context: context(
      fixtureOrder({
        status: 'shipped',
        shipment: {
          ...SHIPMENT,
          ewayBillNumber: null,
          vehicleNumber: null,
          transporterId: null,
          shippedAt: '2026-03-21T09:00:00.000Z',
        },
      }),
    ),
  },
  'order-delivered': {
    message: { kind: 'order-delivered', orderId, deliveredAt: '2026-03-24T20:15:00.000Z' },
    context: context(fixtureOrder({ status: 'delivered', deliveredAt: '2026-03-24T20:15:00.000Z' })),
  },
  'order-cancelled': {
    message: {
      kind: 'order-cancelled',
      orderId,
      by: 'admin',
      refundPaise: FIXTURE_TOTAL_PAISE,
      refundMode: 'online',
    },
    context: context(fixtureOrder({ status: 'cancelled' })),
  },
  'refund-processed': {
    message: { kind: 'refund-processed', orderId, amountPaise: FIXTURE_TOTAL_PAISE, refundId: 'rfnd_Q9aBc45DeFgH6' },
    context: context(onlineOrder('cancelled', 'refunded')),
  },
  'password-reset': {
    message: {
      kind: 'password-reset',
      name: 'Priya Sharma',
      resetUrl: `${FIXTURE_SHOP_URL}/reset-password#token=q3Vt8bX2kLm9Zp4RwY7sNc1Hd6Jf0Ga5`,
      validMinutes: 30,
    },
    context: context(null),
  },
  'account-exists': {
    message: {
      kind: 'account-exists',
      name: 'Priya Sharma',
      loginUrl: `${FIXTURE_SHOP_URL}/login`,
      forgotPasswordUrl: `${FIXTURE_SHOP_URL}/forgot-password`,
    },
    context: context(null),
  },
  'staff-invite': {
    message: {
      kind: 'staff-invite',
      name: 'Ravi Kumar',
      role: 'orders_staff',
      setPasswordUrl: `${FIXTURE_SHOP_URL}/set-password#token=Zp4RwY7sNc1Hd6Jf0Ga5q3Vt8bX2kLm9`,
      validDays: 7,
    },
    context: context(null),
  },
  'business-invite': {
    message: {
      kind: 'business-invite',
      businessName: 'Sharma Fuels Pvt Ltd',
      role: 'buyer',
      acceptUrl: `${FIXTURE_SHOP_URL}/business/join#token=Zp4RwY7sNc1Hd6Jf0Ga5q3Vt8bX2kLm9`,
      validDays: 7,
    },
    context: context(null),
  },
  'approval-needed': {
    message: { kind: 'approval-needed', orderId, businessName: 'Sharma Fuels Pvt Ltd', buyerName: 'Ravi Kumar' },
    context: context(codOrder()),
  },
  'approval-decided': {
    message: { kind: 'approval-decided', orderId, approved: true },
    context: context(codOrder()),
  },
  welcome: { message: { kind: 'welcome', name: 'Priya Sharma' }, context: context(null) },
  'owner-quote-requested': {
    message: { kind: 'owner-quote-requested', quoteId: FIXTURE_QUOTE_ID, customerName: 'Priya Sharma' },
    context: context(null),
  },
  'quote-answered': {
    message: {
      kind: 'quote-answered',
      quoteId: FIXTURE_QUOTE_ID,
      customerName: 'Priya Sharma',
      version: 2,
      totalPaise: 59_500_000,
      validUntil: '2026-04-15',
    },
    context: context(null),
  },
  'owner-quote-accepted': {
    message: {
      kind: 'owner-quote-accepted',
      quoteId: FIXTURE_QUOTE_ID,
      customerName: 'Priya Sharma',
      version: 2,
      orderNumber: 'a1b2c3',
    },
    context: context(null),
  },
  'owner-new-order': { message: { kind: 'owner-new-order', orderId }, context: context(codOrder()) },
  'owner-low-stock': {
    message: {
      kind: 'owner-low-stock',
      productId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      title: 'Brass fuel nozzle',
      size: '3/4 inch',
      stock: 2,
      threshold: 5,
    },
    context: context(null),
  },
  'owner-refund-action': {
    message: {
      kind: 'owner-refund-action',
      orderId,
      amountPaise: FIXTURE_TOTAL_PAISE,
      reason: 'The cash collected for this cash-on-delivery order must be returned to the buyer.',
    },
    context: context(codOrder('cancelled', 'refunded')),
  },
  'return-requested': {
    message: { kind: 'return-requested', ...RETURN, reason: RETURN_REASON },
    context: context(delivered),
  },
  'owner-return-requested': {
    message: { kind: 'owner-return-requested', ...RETURN, reason: RETURN_REASON },
    context: context(delivered),
  },
  'return-approved': { message: { kind: 'return-approved', ...RETURN }, context: context(delivered) },
  'return-refused': {
    message: { kind: 'return-refused', ...RETURN, reason: 'The nozzle has been used: fuel stains on the spout.' },
    context: context(delivered),
  },
  'return-received': {
    message: { kind: 'return-received', ...RETURN, refundPaise: 185_000 + 1_203 },
    context: context(delivered),
  },
  'return-refunded': {
    message: {
      kind: 'return-refunded',
      ...RETURN,
      amountPaise: 185_000 + 1_203,
      mode: 'online',
      refundId: 'rfnd_R7cDe12FgHi3J',
      creditNoteNumber: 'CN/26-27/000004',
    },
    context: context(delivered),
  },
  'bank-transfer-due': {
    message: {
      kind: 'bank-transfer-due',
      orderId,
      amountPaise: 60_000,
      stage: 'advance',
      bank: BANK,
    },
    context: context(bankOrder),
  },
  'owner-transfer-recorded': {
    message: {
      kind: 'owner-transfer-recorded',
      orderId,
      utr: 'HDFCN52026032012',
      amountPaise: 60_000,
      transferredOn: '2026-03-20',
    },
    context: context(bankOrder),
  },
  'bank-transfer-decided': {
    message: {
      kind: 'bank-transfer-decided',
      orderId,
      utr: 'HDFCN52026032012',
      amountPaise: 60_000,
      confirmed: true,
      reason: null,
      dueNowPaise: FIXTURE_TOTAL_PAISE - 60_000,
    },
    context: context({ ...bankOrder, status: 'processing', received: 600 }),
  },
  'task-reminder': {
    message: {
      kind: 'task-reminder',
      businessName: 'Sharma Fuels Pvt Ltd',
      outletId: FIXTURE_OUTLET_ID,
      outletName: 'Sharma Fuels, NH-48',
      tasks: [
        {
          title: 'Re-verification of the dispenser (Legal Metrology)',
          item: 'Tokheim Quantium 510, serial TQ-4471',
          dueOn: '2026-04-19',
          daysBefore: 30,
          offers: [{ productId: FIXTURE_SERVICE_ID, title: 'Dispenser re-verification visit', pricePaise: 450_000 }],
        },
        {
          title: 'Refill',
          item: 'Ceasefire CO2 4.5 kg, serial CF-2210',
          dueOn: '2026-03-20',
          daysBefore: 0,
          offers: [],
        },
      ],
    },
    context: context(null),
  },
};

/** Every fixture, in the order of MAIL_KIND_LABELS. */
export const mailFixtureList = (): MailFixture<MailKind>[] =>
  MAIL_KINDS.map((kind) => MAIL_FIXTURES[kind] as MailFixture<MailKind>);
