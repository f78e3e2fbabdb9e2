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
    })),
    payment: {
      _id: '4d3c2b1a-0f9e-4d8c-b7a6-958473625140',
      mode: paymentMode,
      status: 'success',
      amount: toRupees(totals.totalPaise),
      transactionId: paymentMode === 'online' ? 'pay_Q8xYz12AbCdEf3' : null,
      razorpayOrderId: paymentMode === 'online' ? 'order_Q8xYw98ZyXwVu7' : null,
    },
    businessName: null,
    gstin: null,
    invoice: null,
    creditNote: null,
    payBy: null,
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

export const MAIL_FIXTURES: { [K in MailKind]: MailFixture<K> } = {
  'order-placed': { message: { kind: 'order-placed', orderId }, context: context(codOrder()) },
  'payment-received': {
    message: { kind: 'payment-received', orderId },
    context: context(fixtureOrder({ invoice: { number: 'PK/25-26/000123', issuedAt: PLACED_AT } })),
  },
  'order-shipped': {
    message: { kind: 'order-shipped', orderId, ...SHIPMENT },
    context: context(
      fixtureOrder({ status: 'shipped', shipment: { ...SHIPMENT, shippedAt: '2026-03-21T09:00:00.000Z' } }),
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
  welcome: { message: { kind: 'welcome', name: 'Priya Sharma' }, context: context(null) },
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
};

/** Every fixture, in the order of MAIL_KIND_LABELS. */
export const mailFixtureList = (): MailFixture<MailKind>[] =>
  MAIL_KINDS.map((kind) => MAIL_FIXTURES[kind] as MailFixture<MailKind>);
