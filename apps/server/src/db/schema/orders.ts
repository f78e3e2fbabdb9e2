/** Orders, their lines and payments, and the payment gateway's webhook events. */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  GST_RATES,
  ORDER_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  type Address,
  type ApprovalStatus,
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
  type TransferMethod,
  type TransferStatus,
} from '@pumpkart/shared';
import { money, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { productVariants, products } from './catalog';
import { quotes } from './quotes';
import { businessOutlets, businesses } from './business';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES as unknown as [OrderStatus, ...OrderStatus[]]);
export const paymentStatusEnum = pgEnum(
  'payment_status',
  PAYMENT_STATUSES as unknown as [PaymentStatus, ...PaymentStatus[]],
);
export const paymentModeEnum = pgEnum('payment_mode', PAYMENT_MODES as unknown as [PaymentMode, ...PaymentMode[]]);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentMode: paymentModeEnum('payment_mode').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** A business buyer's name and GSTIN (checked) for the tax invoice; null for a consumer (docs/shop-rules.md#invoices). */
    customerBusinessName: text('customer_business_name'),
    customerGstin: text('customer_gstin'),
    address: jsonb('address').$type<Address>().notNull(),
    subtotalPaise: money('subtotal_paise').notNull(),
    shippingPaise: money('shipping_paise').notNull(),
    totalPaise: money('total_paise').notNull(),
    /**
     * Payment terms (docs/shop-rules.md#bank-transfer): the percentage due in advance (100: all before anything
     * moves; below, the balance before dispatch), and the money received so far by confirmed bank transfers,
     * kept with the order so that its reads and the shared rules need no sum.
     */
    advancePercent: integer('advance_percent').notNull().default(100),
    receivedPaise: money('received_paise').notNull().default(0),
    /** The client's Idempotency-Key of the request that placed it: a retry answers this order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 of the placing request's body (canonical JSON) when it carried a key: a retry with the key and another
     * body is refused (422) instead of answered with this order. Null for orders placed before it was kept.
     */
    idempotencyBodyHash: text('idempotency_body_hash'),
    /** The quote it was accepted from (docs/shop-rules.md#quotes): its prices, delivery charge and terms. */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'restrict' }),
    /**
     * A business person's order (docs/shop-rules.md#business-accounts): the business it was placed for and the
     * outlet it goes to (its address copied into `address`); both null for a consumer's order.
     */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'restrict' }),
    outletId: uuid('outlet_id').references(() => businessOutlets.id, { onDelete: 'set null' }),
    /**
     * 'pending' while a buyer's order above the business's approval limit waits for an approver (it cannot be paid
     * or moved on), then 'approved' or 'rejected' (cancelled); null when it needed no approval.
     */
    approvalStatus: text('approval_status').$type<ApprovalStatus>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The shipment the admin gave with `shipped` (docs/shop-rules.md#order-status); null until shipped. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /**
     * The e-way bill given with `shipped` (CGST Rule 138, docs/shop-rules.md#e-way-bills): its 12-digit number and
     * the vehicle number or transporter ID, printed on the transporter's copy of the invoice; null when none.
     */
    ewayBillNumber: text('eway_bill_number'),
    vehicleNumber: text('vehicle_number'),
    transporterId: text('transporter_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin's buyer search matches: the name, e-mail and phone given with the order, lower-cased once
     * when the row is written and joined by line breaks (a search never holds one, so no match spans two), so the
     * search is one trigram index scan and a plain LIKE per candidate instead of three index scans and three ILIKEs.
     * Never written by the app.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(customer_name || chr(10) || customer_email || chr(10) || customer_phone)`,
    ),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    // A list filtered by status and payment mode over a range of days, counted from the index alone.
    index('orders_status_mode_created_idx').on(table.status, table.paymentMode, table.createdAt),
    // Newest first with the id as the tie-break, read from the index alone (a deep page's OFFSET walks it).
    index('orders_created_idx').on(table.createdAt, table.id),
    // The sorts by total (docs/decisions/0011-admin-lists-at-size.md): read in order until the page is full.
    index('orders_total_idx').on(table.totalPaise, table.createdAt, table.id),
    // The admin's orders list (docs/decisions/0011-admin-lists-at-size.md): each table's newest first, the
    // 6-character order number, and the buyer search (a case-insensitive substring of search_text, trigram GIN).
    index('orders_mode_created_idx').on(table.paymentMode, table.createdAt, table.id),
    index('orders_number_idx').on(sql`right(${table.id}::text, 6)`),
    index('orders_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The to-ship queue (docs/shop-rules.md#to-ship), oldest first: only the orders not yet shipped, so its page
    // and its count read the queue, never the shop's shipped history (decision 0011).
    index('orders_to_ship_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} in ('pending', 'processing') and ${table.shippedAt} is null`),
    // A business's orders, newest first (its people's "My orders"), and its approvals queue.
    index('orders_business_idx').on(table.businessId, table.createdAt),
    unique('orders_user_idempotency_key_unique').on(table.userId, table.idempotencyKey),
    unique('orders_quote_unique').on(table.quoteId),
    check('orders_advance_percent_range', sql`${table.advancePercent} between 1 and 100`),
    check('orders_received_within_total', sql`${table.receivedPaise} between 0 and ${table.totalPaise}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null after a permanent product delete; the copies below keep the line readable. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    size: text('size'),
    imageUrl: text('image_url'),
    unitPricePaise: money('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    subtotalPaise: money('subtotal_paise').notNull(),
    /**
     * The product's tax data at purchase, so the invoice uses the rate of the time of sale
     * (docs/shop-rules.md#invoices): HSN code (null when the product had none), GST rate (null only on lines
     * written before these columns existed) and certificate numbers as printed, e.g. 'PESO approval: P/HQ/..'.
     */
    hsnCode: text('hsn_code'),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }),
    certificates: jsonb('certificates').$type<string[]>().notNull().default([]),
    /**
     * The serial numbers of the line's units as the owner recorded them when shipping (docs/shop-rules.md#assets),
     * in unit order, at most `quantity`; copied to the assets made on delivery.
     */
    serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull().default([]),
    /** The day a service line was booked for (docs/shop-rules.md#service-products); null for goods. */
    serviceDate: date('service_date', { mode: 'string' }),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_hsn_code_digits', sql`${table.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('order_items_gst_rate_known', sql`${table.gstRate} in (${sql.raw(GST_RATES.join(', '))})`),
  ],
);

/**
 * payments.failure_reason of a captured online payment whose order was cancelled: the refund is
 * owed and no attempt has been made yet. The cancellation (orders) or a late capture (payments)
 * records it; the payments module's refunds take it up.
 */
export const REFUND_DUE = 'refund_due';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    mode: paymentModeEnum('mode').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    amountPaise: money('amount_paise').notNull(),
    /** 'sandbox', 'razorpay' or 'cod'. */
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id').unique(),
    gatewayPaymentId: text('gateway_payment_id'),
    signature: text('signature'),
    refundId: text('refund_id'),
    /** Refund calls made so far: the sweeper retries a failed or lost one a bounded number of times. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_status_idx').on(table.status, table.createdAt),
    index('payments_status_mode_created_idx').on(table.status, table.mode, table.createdAt),
    // The admin's payments list (docs/decisions/0011-admin-lists-at-size.md).
    index('payments_mode_created_idx').on(table.mode, table.createdAt, table.id),
    index('payments_created_idx').on(table.createdAt, table.id),
    index('payments_gateway_payment_idx').on(table.gatewayPaymentId),
    index('payments_order_number_idx').on(sql`right(${table.orderId}::text, 6)`),
    index('payments_amount_idx').on(table.amountPaise, table.createdAt, table.id),
  ],
);

/** Webhook events already handled, by the gateway's event id (deduplication, docs/shop-rules.md#webhook). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Bank transfers (NEFT/RTGS/IMPS) a buyer recorded against a bank-transfer order (docs/shop-rules.md#bank-transfer):
 * one row per transfer, by its UTR. Only a transfer the owner confirmed counts as received; a rejected one keeps its
 * reason; a confirmed one of an order cancelled later is 'returned' (owed back). The dashboard's revenue counts the
 * confirmed ones, in the month they were confirmed (migration 0035's trigger).
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'transfer': recorded by the buyer, confirmed by the owner; 'razorpay': an instalment paid online. */
    method: text('method').$type<TransferMethod>().notNull().default('transfer'),
    /** A transfer's bank reference, upper-cased without spaces (12 to 22 letters or digits); null online. */
    utr: text('utr'),
    /** An online instalment's gateway order (opened for the amount due then) and, once captured, its payment. */
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** The gateway's refund of an online instalment returned on a cancellation. */
    refundId: text('refund_id'),
    amountPaise: money('amount_paise').notNull(),
    /** The day the buyer says the money left their account (YYYY-MM-DD). */
    transferredOn: text('transferred_on').notNull(),
    status: text('status').$type<TransferStatus>().notNull().default('recorded'),
    rejectReason: text('reject_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('bank_transfers_order_idx').on(table.orderId, table.createdAt),
    // The owner's queue of transfers to confirm.
    index('bank_transfers_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'recorded'`),
    // One UTR is one transfer: it may be recorded again only after a rejection (a typo corrected).
    uniqueIndex('bank_transfers_utr_unique')
      .on(table.utr)
      .where(sql`${table.status} <> 'rejected'`),
    // An online instalment is found by its gateway order (verify, webhook, sandbox).
    uniqueIndex('bank_transfers_gateway_order_unique').on(table.gatewayOrderId),
    check('bank_transfers_amount_positive', sql`${table.amountPaise} > 0`),
    check(
      'bank_transfers_status_known',
      sql`${table.status} in ('opened', 'recorded', 'confirmed', 'rejected', 'returned')`,
    ),
    check(
      'bank_transfers_method_reference',
      sql`(${table.method} = 'transfer' and ${table.utr} is not null) or (${table.method} = 'razorpay' and ${table.gatewayOrderId} is not null)`,
    ),
  ],
);
