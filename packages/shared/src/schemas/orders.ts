/** Contracts of /api/orders (docs/shop-rules.md#orders). */
import { z } from 'zod';
import { APPROVAL_STATUSES } from '../business';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../constants';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { MOVE_BACK_REASON_MAX, ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from '../status';
import { emailSchema, idSchema, indiaDaySchema, phoneSchema, textSchema } from './fields';
import { addressSchema, optionalBusinessNameSchema, optionalGstinSchema, rupeesSchema } from './common';
import { lineSerialsSchema } from './assets';
import {
  compactTransportId,
  EWAY_BILL_NUMBER_PATTERN,
  TRANSPORTER_ID_PATTERN,
  VEHICLE_NUMBER_PATTERN,
} from '../gst/eway-bill';
import { productImageSchema } from './products';
import { serviceDateSchema } from './cart';

/** A missing or blank customer field answers the checkout's own message (docs/shop-rules.md#validation). */
const customerText = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z.string({ error: MESSAGES.checkoutCustomerRequired }).trim().min(1, MESSAGES.checkoutCustomerRequired),
);

export const orderCustomerSchema = z.object(
  {
    name: customerText.pipe(textSchema('Name').max(100)),
    email: customerText.pipe(emailSchema),
    phone: customerText.pipe(phoneSchema),
    /** A business buyer's name and GSTIN, printed on the tax invoice (docs/shop-rules.md#invoices). */
    businessName: optionalBusinessNameSchema,
    gstin: optionalGstinSchema,
  },
  { error: MESSAGES.checkoutCustomerRequired },
);

export const orderItemInputSchema = z.object({
  product: idSchema,
  variantId: z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable()),
  title: textSchema('Title').max(300).optional(),
  price: rupeesSchema,
  quantity: z
    .number()
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`),
  /** A service's booked day, as its cart line holds it (docs/shop-rules.md#service-products); none for goods. */
  serviceDate: serviceDateSchema,
});

export const createOrderBodySchema = z.object({
  customer: orderCustomerSchema,
  address: z.object(addressSchema.shape, { error: MESSAGES.checkoutAddressIncomplete }),
  items: z
    .array(orderItemInputSchema)
    .min(1, 'The order has no items.')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines per order.`),
  shipping: rupeesSchema,
  total: rupeesSchema,
  paymentMode: z.enum(PAYMENT_MODES).default('online'),
  /** A business person's outlet (docs/shop-rules.md#business-accounts): required for them, its address replaces `address`. */
  outletId: idSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentModeSchema = z.enum(PAYMENT_MODES);

export const orderPaymentSchema = z.object({
  _id: z.string(),
  mode: paymentModeSchema,
  status: paymentStatusSchema,
  amount: z.number(),
  transactionId: z.string().nullable(),
  razorpayOrderId: z.string().nullable(),
});

/** An issued tax invoice or credit note as an order carries it: its number and when it was issued (ISO time). */
export const taxDocumentRefSchema = z.object({ number: z.string(), issuedAt: z.string() });
export type TaxDocumentRef = z.infer<typeof taxDocumentRefSchema>;

export const orderLineSchema = z.object({
  _id: z.string(),
  /** Null once the product was permanently deleted; the line keeps its copies below. */
  product: z.object({ _id: z.string(), title: z.string(), images: z.array(productImageSchema) }).nullable(),
  title: z.string(),
  variant: z.object({ _id: z.string().nullable(), size: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  price: z.number(),
  subtotal: z.number(),
  image: z.string().nullable(),
  /** The day a service line is booked for (YYYY-MM-DD, India); null for goods (docs/shop-rules.md#service-products). */
  serviceDate: z.string().nullable(),
});

/** Letters, digits, spaces, hyphens and slashes: what couriers print as tracking numbers. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9\-/ ]+$/;

/** An optional text field of the shipment form: an empty text counts as none. */
const blankAsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** An optional transport identifier, stored compact (compactTransportId) and checked against `pattern`. */
const transportId = (pattern: RegExp, message: string) =>
  z.preprocess(
    blankAsNone,
    z.string({ error: message }).transform(compactTransportId).pipe(z.string().regex(pattern, message)).optional(),
  );

/**
 * The shipment an admin gives with `shipped` (docs/shop-rules.md#order-status): the courier and tracking, and for a
 * consignment above ₹50,000 the e-way bill (CGST Rule 138, docs/shop-rules.md#e-way-bills): its 12-digit number
 * with the vehicle number or the transporter ID, or the reason it goes without one (the server asks for one of the
 * two above the threshold and records the reason in the audit trail).
 */
export const shipmentInputSchema = z
  .object({
    courier: z
      .string({ error: SERVER_MESSAGES.courierInvalid })
      .trim()
      .min(1, SERVER_MESSAGES.courierInvalid)
      .max(100, SERVER_MESSAGES.courierInvalid)
      .pipe(textSchema('Courier')),
    trackingNumber: z
      .string({ error: SERVER_MESSAGES.trackingNumberInvalid })
      .trim()
      .min(1, SERVER_MESSAGES.trackingNumberInvalid)
      .max(100, SERVER_MESSAGES.trackingNumberInvalid)
      .regex(TRACKING_NUMBER_PATTERN, SERVER_MESSAGES.trackingNumberInvalid),
    /** Optional; an empty text counts as none. Only http and https addresses, so a link can never run script. */
    trackingUrl: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: SERVER_MESSAGES.trackingUrlInvalid })
        .trim()
        .max(500, SERVER_MESSAGES.trackingUrlInvalid)
        .pipe(z.url({ protocol: /^https?$/, error: SERVER_MESSAGES.trackingUrlInvalid }))
        .nullable()
        .optional(),
    ),
    ewayBillNumber: z.preprocess(
      (value) => (typeof value === 'string' ? blankAsNone(value.replace(/\s+/g, '')) : value),
      z
        .string({ error: SERVER_MESSAGES.ewayBillNumberInvalid })
        .regex(EWAY_BILL_NUMBER_PATTERN, SERVER_MESSAGES.ewayBillNumberInvalid)
        .optional(),
    ),
    vehicleNumber: transportId(VEHICLE_NUMBER_PATTERN, SERVER_MESSAGES.vehicleNumberInvalid),
    transporterId: transportId(TRANSPORTER_ID_PATTERN, SERVER_MESSAGES.transporterIdInvalid),
    /** Why a consignment above ₹50,000 is shipped without an e-way bill (kept in the audit trail). */
    /** Serial numbers per order line, one per unit (docs/shop-rules.md#assets); optional, kept on the lines. */
    serials: lineSerialsSchema.optional(),
    noEwayBillReason: z.preprocess(
      blankAsNone,
      z
        .string({ error: SERVER_MESSAGES.ewayBillReasonTooLong })
        .trim()
        .max(MOVE_BACK_REASON_MAX, SERVER_MESSAGES.ewayBillReasonTooLong)
        .pipe(textSchema('Reason'))
        .optional(),
    ),
  })
  .refine((shipment) => !shipment.ewayBillNumber || Boolean(shipment.vehicleNumber || shipment.transporterId), {
    message: SERVER_MESSAGES.ewayBillTransportRequired,
    path: ['vehicleNumber'],
  });
export type ShipmentInput = z.infer<typeof shipmentInputSchema>;

/** The shipment as an order carries it: `shippedAt` is when the order first left the shop (ISO time). */
export const orderShipmentSchema = z.object({
  courier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  /** The e-way bill recorded when shipped (docs/shop-rules.md#e-way-bills); null when none was given. */
  ewayBillNumber: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  transporterId: z.string().nullable(),
  shippedAt: z.string(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  status: orderStatusSchema,
  paymentMode: paymentModeSchema,
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  address: addressSchema,
  items: z.array(orderLineSchema),
  payment: orderPaymentSchema.nullable(),
  /**
   * The payment terms (docs/shop-rules.md#bank-transfer): the percentage due in advance (100: all of it), and what
   * was received so far in rupees (confirmed bank transfers; a paid online or COD order's payment is not counted).
   */
  advancePercent: z.number().int(),
  received: z.number(),
  /** The buyer's business name and GSTIN given with this order; null when none (docs/shop-rules.md#invoices). */
  businessName: z.string().nullable(),
  gstin: z.string().nullable(),
  /** The tax invoice, once issued (docs/shop-rules.md#invoices): download it from GET /api/orders/{id}/invoice. */
  invoice: taxDocumentRefSchema.nullable(),
  /** The credit note of a cancelled invoiced order: GET /api/orders/{id}/credit-note. */
  creditNote: taxDocumentRefSchema.nullable(),
  /**
   * Until when an unpaid online order can still be paid (ISO time: its payment's creation +
   * ORDER_PAYMENT_TIMEOUT_MIN, docs/shop-rules.md#payments); null for every other order.
   */
  payBy: z.string().nullable(),
  /** null: no approval needed (a consumer's order, or one within the business's limit). */
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  /** The courier and tracking data the admin gave when shipping it; null until shipped (docs/shop-rules.md#order-status). */
  shipment: orderShipmentSchema.nullable(),
  /**
   * When the order first left the shop (first set to shipped or delivered; ISO time), kept whatever its status
   * becomes later; null until then. Once set, the buyer can no longer cancel it (buyerMayCancel).
   */
  shippedAt: z.string().nullable(),
  /** When an admin set it to delivered (ISO time); null until then. */
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const createOrderResponseSchema = z.object({ message: z.string(), order: orderSchema });
export const myOrdersResponseSchema = z.object({ orders: z.array(orderSchema) });
/** A page of the admin's order list, and how many orders match in all (also in X-Total-Count). */
export const orderListResponseSchema = z.object({ data: z.array(orderSchema), total: z.number().int() });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
export const orderResponseSchema = z.object({ message: z.string().optional(), data: orderSchema });
/**
 * An admin's status change; `shipped` needs the shipment (docs/shop-rules.md#order-status), others ignore it. A move
 * back from shipped or delivered (isMoveBack) needs `reason`, which the server checks against the order's status.
 */
export const updateOrderStatusBodySchema = z
  .object({
    status: orderStatusSchema,
    shipment: shipmentInputSchema.optional(),
    reason: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string({ error: SERVER_MESSAGES.moveBackReasonTooLong })
        .trim()
        .max(MOVE_BACK_REASON_MAX, SERVER_MESSAGES.moveBackReasonTooLong)
        .pipe(textSchema('Reason'))
        .optional(),
    ),
  })
  .refine((body) => body.status !== 'shipped' || body.shipment !== undefined, SERVER_MESSAGES.shipmentRequired);
export type UpdateOrderStatusBody = z.infer<typeof updateOrderStatusBodySchema>;

/**
 * The orders of the admin's order list (docs/shop-rules.md#admin-lists): by the time it was placed (newest
 * first by default), by total, or by the buyer's name. Ties go by id, so pages are stable.
 */
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc', 'buyer_asc', 'buyer_desc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/**
 * The admin's ready-made views of the orders (docs/shop-rules.md#to-ship): `to-ship` is the queue of orders to
 * pack and send: paid (an online payment captured, or a COD order the owner confirmed with Mark as Paid), not
 * cancelled and never shipped, oldest first unless a sort is given.
 */
export const ADMIN_ORDER_VIEWS = ['to-ship'] as const;
export type AdminOrderView = (typeof ADMIN_ORDER_VIEWS)[number];
export const ADMIN_ORDERS_DEFAULT_LIMIT = 20;
export const ADMIN_ORDERS_MAX_LIMIT = 100;

/** An empty query value means no filter. */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const enumMessage = (name: string, values: readonly string[]) =>
  `${name} must be one of ${values.map((value) => `'${value}'`).join(', ')}.`;

/** The filters of the admin's orders: order status, payment mode and status, the days placed, a search. */
const adminOrderFiltersSchema = z.object({
  search: unlessBlank(z.string().trim().max(100, 'search must be at most 100 characters.')),
  status: unlessBlank(z.enum(ORDER_STATUSES, { error: enumMessage('status', ORDER_STATUSES) })),
  paymentMode: unlessBlank(z.enum(PAYMENT_MODES, { error: enumMessage('paymentMode', PAYMENT_MODES) })),
  paymentStatus: unlessBlank(z.enum(PAYMENT_STATUSES, { error: enumMessage('paymentStatus', PAYMENT_STATUSES) })),
  from: unlessBlank(indiaDaySchema('from')),
  to: unlessBlank(indiaDaySchema('to')),
  view: unlessBlank(z.enum(ADMIN_ORDER_VIEWS, { error: enumMessage('view', ADMIN_ORDER_VIEWS) })),
});
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

/** The days placed run forwards: `from` is not after `to`. */
const fromNotAfterTo = (query: AdminOrderFilters) => !query.from || !query.to || query.from <= query.to;
const FROM_AFTER_TO = { message: 'from must not be after to.', path: ['from'] };

/**
 * GET /api/orders (admin, docs/shop-rules.md#admin-lists): a page of the orders, filtered by order status,
 * payment mode, payment status, the day placed (from/to, India time, both included) and a search (the
 * 6-character order number or the full id, or part of the buyer's name, e-mail or phone, any case).
 */
export const adminOrderListQuerySchema = adminOrderFiltersSchema
  .extend({
    page: z.coerce.number().int('page must be a whole number.').min(1, 'page must be 1 or more.').default(1),
    limit: z.coerce
      .number()
      .int('limit must be a whole number.')
      .min(1, 'limit must be 1 or more.')
      .max(ADMIN_ORDERS_MAX_LIMIT, `limit must be at most ${ADMIN_ORDERS_MAX_LIMIT}.`)
      .default(ADMIN_ORDERS_DEFAULT_LIMIT),
    // Left out, newest first; the to-ship view's own default is oldest first (adminOrderSortOf).
    sort: unlessBlank(z.enum(ADMIN_ORDER_SORTS, { error: enumMessage('sort', ADMIN_ORDER_SORTS) })),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
/** The sort a list query asks for: its own, else the view's default (oldest first to ship), else newest first. */
export const adminOrderSortOf = (query: Pick<AdminOrderListQuery, 'sort' | 'view'>): AdminOrderSort =>
  query.sort ?? (query.view === 'to-ship' ? 'oldest' : 'newest');
/** The query as a client writes it: every part optional. */
export type AdminOrderListParams = Partial<AdminOrderListQuery>;

/**
 * GET /api/orders/export.csv (admin, docs/shop-rules.md#orders-csv): the same filters as the list; the file is
 * always newest first.
 */
export const adminOrderExportQuerySchema = adminOrderFiltersSchema.refine(fromNotAfterTo, FROM_AFTER_TO);
/** The export's query as a client writes it. */
export type AdminOrderExportParams = Partial<AdminOrderFilters>;
