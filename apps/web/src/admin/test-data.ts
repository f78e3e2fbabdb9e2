/** Fixtures of the admin component tests, shaped like the contracts of @pumpkart/shared. */
import type { OrderDto, PaymentDto, StatsResponse } from '@pumpkart/shared';

export const address = {
  recipientName: 'Asha Rao',
  recipientPhone: '9876543210',
  line1: '12 MG Road',
  line2: 'Near Petrol Pump',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
};

export function makeStats(overrides: Partial<StatsResponse> = {}): StatsResponse {
  return {
    revenue: 1234567,
    orders: 42,
    products: 1500,
    monthlyRevenue: [
      { month: '2026-01', revenue: 1000, orders: 1 },
      { month: '2026-02', revenue: 2000, orders: 2 },
      { month: '2026-03', revenue: 0, orders: 0 },
      { month: '2026-04', revenue: 5000, orders: 3 },
      { month: '2026-05', revenue: 7000, orders: 4 },
      { month: '2026-06', revenue: 9000, orders: 6 },
    ],
    ordersStatus: { pending: 3, processing: 2, shipped: 1, delivered: 4, cancelled: 1, on_hold: 2 },
    topProducts: [
      { title: 'Fuel Dispenser Nozzle', totalSold: 30 },
      { title: 'Fire Extinguisher ABC Type 6 kg With Wall Bracket', totalSold: 20 },
      { title: 'Safety Gloves', totalSold: 10 },
    ],
    ...overrides,
  };
}

type OrderOverrides = Partial<Omit<OrderDto, 'payment'>> & {
  payment?: Partial<NonNullable<OrderDto['payment']>> | null;
};

export function makeOrder(id: string, overrides: OrderOverrides = {}): OrderDto {
  const mode = overrides.paymentMode ?? 'online';
  const { payment, ...rest } = overrides;
  return {
    _id: id,
    status: 'pending',
    paymentMode: mode,
    subtotal: 2000,
    shipping: 120,
    total: 2120,
    customer: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
    user: { _id: 'user-1', name: 'Asha', email: 'asha@example.com' },
    address,
    items: [
      {
        _id: `${id}-line-1`,
        product: null,
        title: 'Fuel Nozzle',
        variant: { _id: 'v1', size: '1 inch' },
        quantity: 2,
        price: 1000,
        subtotal: 2000,
        image: null,
        serviceDate: null,
      },
    ],
    payment:
      payment === null
        ? null
        : {
            _id: `${id}-pay`,
            mode,
            status: 'pending',
            amount: 2120,
            transactionId: mode === 'online' ? `pay_${id}` : null,
            razorpayOrderId: mode === 'online' ? `order_${id}` : null,
            ...payment,
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
    createdAt: '2026-06-05T10:00:00.000Z',
    updatedAt: '2026-06-05T10:00:00.000Z',
    ...rest,
  };
}

export function makePayment(id: string, overrides: Partial<PaymentDto> = {}): PaymentDto {
  const mode = overrides.mode ?? 'online';
  return {
    _id: id,
    orderId: `order-000000${id}`,
    mode,
    status: 'success',
    amount: 2120,
    gateway: mode === 'online' ? 'sandbox' : 'cod',
    transactionId: mode === 'online' ? `txn_${id}` : null,
    razorpayOrderId: mode === 'online' ? `order_rzp_${id}` : null,
    razorpayPaymentId: mode === 'online' ? `pay_rzp_${id}` : null,
    signature: mode === 'online' ? `sig_${id}` : null,
    createdAt: '2026-06-05T10:00:00.000Z',
    updatedAt: '2026-06-05T10:00:00.000Z',
    order: {
      _id: `order-000000${id}`,
      status: 'pending',
      total: 2120,
      received: 0,
      address,
      customer: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
      user: { _id: 'user-1', name: 'Asha', email: 'asha@example.com' },
    },
    ...overrides,
  };
}

/** A product as GET /products/admin/all answers it (ProductDto). */
export function rawProduct(id: string, overrides: Record<string, unknown> = {}) {
  const product = {
    _id: id,
    title: `Product ${id}`,
    description: 'A product',
    brand: 'Tokheim',
    category: 'Dispensers',
    price: 1500,
    mrp: null,
    stock: 4,
    lowStockThreshold: 2,
    availability: 'In Stock',
    active: true,
    images: [],
    variants: [] as Record<string, unknown>[],
    priceOnRequest: false,
    kind: 'goods',
    taskKeys: [] as string[],
    amcVisitsPerYear: 4,
    minOrderQty: 1,
    packSize: 1,
    quantityBreaks: [],
    version: 1,
    createdAt: '2026-06-01T00:00:00.000Z',
    updatedAt: '2026-06-01T00:00:00.000Z',
    ...overrides,
  };
  // A size without an MRP, as the API answers it, unless the test gives one.
  return { ...product, variants: product.variants.map((variant) => ({ mrp: null, ...variant })) };
}
