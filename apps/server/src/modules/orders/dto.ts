/**
 * Orders as the API shows them (orderSchema): amounts in rupees, the copied line details (title,
 * size, unit price, image), a reference to the product as it is now (null once destroyed), the buyer's
 * business name and GSTIN, the number and date of its tax invoice and credit note (docs/shop-rules.md#invoices),
 * its shipment and delivery time (docs/shop-rules.md#order-status), and `payBy`, until when an unpaid online order can still be paid before the expiry sweeper cancels it
 * (docs/shop-rules.md#payments, docs/decisions/0005-unpaid-orders-release-stock.md).
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { addressSchema, toRupees, type Address, type OrderDto, type ProductImageDto } from '@pumpkart/shared';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, products, users } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import {
  addressJson,
  inJsonString,
  isoTimeJson,
  jsonArray,
  jsonObject,
  jsonValue,
  jsonWhen,
  rupeesJson,
} from '../../lib/json-text';
import { epochMs, renderedOnce, rowsOf } from '../../lib/raw-rows';
import { taxDocumentRefJson, type OrderTaxDocuments } from '../invoices';
import { imageDtosJson } from '../products';

/** What building the DTOs needs: the database, the image URLs, and the payment time-out. */
export interface OrderDtoSource {
  db: DbOrTx;
  storage: ImageStorage;
  config: Pick<Config, 'ORDER_PAYMENT_TIMEOUT_MIN'>;
}

/**
 * The time the sweeper's test uses (payments/sweeper.ts): an online order still `pending` with a
 * `pending` payment (failed attempts included) expires ORDER_PAYMENT_TIMEOUT_MIN after its payment
 * row was created, which is when the order was placed. Null for any other order.
 */
function payByOf(
  order: { status: string; paymentMode: string },
  payment: { status: string; createdAt: Date } | undefined,
  timeoutMin: number,
): string | null {
  if (order.status !== 'pending' || order.paymentMode !== 'online' || payment?.status !== 'pending') return null;
  return new Date(payment.createdAt.getTime() + timeoutMin * 60_000).toISOString();
}

/** The tracking data an admin gave with `shipped` (docs/shop-rules.md#order-status); null before. */
function shipmentOf(order: OrderFields): OrderDto['shipment'] {
  if (!order.courier || !order.trackingNumber || !order.shippedAt) return null;
  return {
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    shippedAt: order.shippedAt.toISOString(),
  };
}

/** Newest first: the buyer's orders and the admin list's default sort; the id breaks ties. */
export const NEWEST_ORDERS_FIRST: SQL[] = [desc(orders.createdAt), desc(orders.id)];

/** The statement's parameters, as columns of its one-row `dto_params` (a statement rendered once holds none). */
const IMAGE_PREFIX_IN_JSON = sql.raw('dto_params.image_prefix_in_json');
const TIMEOUT_MIN = sql.raw('dto_params.timeout_min');

/** A line of the order, joined to its product (left: null once destroyed), as orderDtoOf shows it. */
const LINE_JSON = jsonObject({
  _id: jsonValue(orderItems.id),
  product: jsonWhen(
    sql`${products.id} is not null`,
    jsonObject({
      _id: jsonValue(orderItems.productId),
      title: jsonValue(products.title),
      images: imageDtosJson(products.id, IMAGE_PREFIX_IN_JSON),
    }),
  ),
  title: jsonValue(orderItems.title),
  variant: jsonWhen(
    sql`${orderItems.variantId} is not null or coalesce(${orderItems.size}, '') <> ''`,
    jsonObject({ _id: jsonValue(orderItems.variantId), size: jsonValue(orderItems.size) }),
  ),
  quantity: jsonValue(orderItems.quantity),
  price: rupeesJson(orderItems.unitPricePaise),
  subtotal: rupeesJson(orderItems.subtotalPaise),
  image: jsonValue(orderItems.imageUrl),
});

/**
 * orderDtoOf in SQL (docs/decisions/0011-admin-lists-at-size.md): the JSON text of one order of
 * `orders` (joined to its buyer in `users` and, left, its payment in `payments`) as the API shows it, built by the
 * database (lib/json-text.ts) so that a read sends it on without parsing or building anything per order. It is
 * orderDtoOf's JSON byte for byte (list-json.test.ts): the address's keys in the contract's order, lines in display
 * order (title, then id) with images by imageDtosJson, and the same conditions for a line's product and size, the
 * payment, the shipment and `payBy` (an unpaid online order's payment time plus ORDER_PAYMENT_TIMEOUT_MIN, added
 * as payByOf adds it: in milliseconds, truncated).
 */
const ORDER_DTO_JSON = renderedOnce(
  jsonObject({
    _id: jsonValue(orders.id),
    status: jsonValue(orders.status),
    paymentMode: jsonValue(orders.paymentMode),
    subtotal: rupeesJson(orders.subtotalPaise),
    shipping: rupeesJson(orders.shippingPaise),
    total: rupeesJson(orders.totalPaise),
    customer: jsonObject({
      name: jsonValue(orders.customerName),
      email: jsonValue(orders.customerEmail),
      phone: jsonValue(orders.customerPhone),
    }),
    user: jsonObject({ _id: jsonValue(users.id), name: jsonValue(users.name), email: jsonValue(users.email) }),
    address: addressJson(orders.address),
    items: sql`(
      select ${jsonArray(LINE_JSON, [asc(orderItems.title), asc(orderItems.id)])}
      from ${orderItems} left join ${products} on ${products.id} = ${orderItems.productId}
      where ${orderItems.orderId} = ${orders.id}
    )`,
    payment: jsonWhen(
      sql`${payments.id} is not null`,
      jsonObject({
        _id: jsonValue(payments.id),
        mode: jsonValue(payments.mode),
        status: jsonValue(payments.status),
        amount: rupeesJson(payments.amountPaise),
        transactionId: jsonValue(payments.gatewayPaymentId),
        razorpayOrderId: jsonValue(payments.gatewayOrderId),
      }),
    ),
    businessName: jsonValue(orders.customerBusinessName),
    gstin: jsonValue(orders.customerGstin),
    invoice: taxDocumentRefJson(orders.id, 'invoice'),
    creditNote: taxDocumentRefJson(orders.id, 'credit-note'),
    payBy: jsonWhen(
      sql`${orders.status} = 'pending' and ${orders.paymentMode} = 'online' and ${payments.status} = 'pending'`,
      isoTimeJson(sql`to_timestamp(floor(${epochMs(payments.createdAt)} + ${TIMEOUT_MIN} * 60000) / 1000)`),
    ),
    shipment: jsonWhen(
      sql`coalesce(${orders.courier}, '') <> '' and coalesce(${orders.trackingNumber}, '') <> ''
        and ${orders.shippedAt} is not null`,
      jsonObject({
        courier: jsonValue(orders.courier),
        trackingNumber: jsonValue(orders.trackingNumber),
        trackingUrl: jsonValue(orders.trackingUrl),
        shippedAt: isoTimeJson(orders.shippedAt),
      }),
    ),
    shippedAt: isoTimeJson(orders.shippedAt),
    deliveredAt: isoTimeJson(orders.deliveredAt),
    createdAt: isoTimeJson(orders.createdAt),
    updatedAt: isoTimeJson(orders.updatedAt),
  }),
);

/**
 * The orders of `where` (all when omitted) as the JSON text of an array of their DTOs (orderSchema), in the order of
 * `orderBy`: a scalar subquery of one statement for any number of orders. A page passes `where` as its ids' subquery
 * (admin-list.ts), run once (`= any(array(...))`), so the lines are read for the page's orders only.
 */
export function ordersJson({ storage, config }: OrderDtoSource, where: SQL | undefined, orderBy: SQL[]): SQL {
  return sql`(
    select ${jsonArray(ORDER_DTO_JSON, orderBy)}
    from (
      select ${inJsonString(sql`${storage.url('')}`)} as image_prefix_in_json,
        ${config.ORDER_PAYMENT_TIMEOUT_MIN}::float8 as timeout_min
    ) as dto_params
    cross join ${orders}
    inner join ${users} on ${users.id} = ${orders.userId}
    left join ${payments} on ${payments.orderId} = ${orders.id}
    ${where ? sql`where ${where}` : sql``}
  )`;
}

/**
 * The orders of `where` (all when omitted), newest first by default, each with its buyer, payment, lines (with
 * their products' current titles and images) and tax documents: one statement (ordersJson).
 */
export async function loadOrders(
  source: OrderDtoSource,
  where?: SQL,
  orderBy: SQL[] = NEWEST_ORDERS_FIRST,
): Promise<OrderDto[]> {
  const [row] = rowsOf<{ orders: string }>(
    await source.db.execute(sql`select ${ordersJson(source, where, orderBy)} as "orders"`),
  );
  return JSON.parse(row!.orders) as OrderDto[];
}

/** The columns of an order the DTO shows. */
type OrderFields = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'status'
  | 'paymentMode'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'customerBusinessName'
  | 'customerGstin'
  | 'address'
  | 'subtotalPaise'
  | 'shippingPaise'
  | 'totalPaise'
  | 'courier'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'shippedAt'
  | 'deliveredAt'
  | 'createdAt'
  | 'updatedAt'
>;
/** The columns of a payment the DTO shows (its creation time gives `payBy`). */
type PaymentFields = Pick<
  typeof payments.$inferSelect,
  'id' | 'mode' | 'status' | 'amountPaise' | 'gatewayPaymentId' | 'gatewayOrderId' | 'createdAt'
>;
/** The columns of an order line the DTO shows. */
type OrderItemFields = Pick<
  typeof orderItems.$inferSelect,
  'id' | 'productId' | 'variantId' | 'title' | 'size' | 'imageUrl' | 'unitPricePaise' | 'quantity' | 'subtotalPaise'
>;

/**
 * One order's rows as loadOrders reads them, or as placing it wrote them (service.ts answers those without a
 * reload): whole rows fit, as only the columns the DTO shows are required.
 */
export interface OrderRows {
  order: OrderFields;
  user: { id: string; name: string; email: string };
  payment: PaymentFields | null;
  /** Its lines in display order (title, then id), each with its product's current title (null once destroyed). */
  items: { item: OrderItemFields; productTitle: string | null }[];
  images: ReadonlyMap<string, ProductImageDto[]>;
  documents: OrderTaxDocuments | undefined;
}

/**
 * The address in the contract's key order, its keys only (addressSchema): the order's jsonb column keeps its
 * keys in its own order (shortest first), and the list answers its JSON without the response schema's pass
 * (docs/decisions/0011-admin-lists-at-size.md), which used to put them back in order.
 */
function addressOf(address: Address): Address {
  const ordered: Record<string, unknown> = {};
  for (const key of ADDRESS_KEYS) if (address[key] !== undefined) ordered[key] = address[key];
  return ordered as Address;
}
const ADDRESS_KEYS = Object.keys(addressSchema.shape) as (keyof Address)[];

/**
 * The DTO, built in orderSchema's shape with its keys in the schema's order: the admin list sends it as JSON without
 * the response schema's pass (lib/json-reply.ts), and must send what that pass made of it (list-json.test.ts).
 */
export function orderDtoOf(
  { order, user, payment, items, images, documents }: OrderRows,
  paymentTimeoutMin: number,
): OrderDto {
  return {
    _id: order.id,
    status: order.status,
    paymentMode: order.paymentMode,
    subtotal: toRupees(order.subtotalPaise),
    shipping: toRupees(order.shippingPaise),
    total: toRupees(order.totalPaise),
    customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
    user: { _id: user.id, name: user.name, email: user.email },
    address: addressOf(order.address),
    items: items.map(({ item, productTitle }) => ({
      _id: item.id,
      product:
        item.productId && productTitle !== null
          ? { _id: item.productId, title: productTitle, images: images.get(item.productId) ?? [] }
          : null,
      title: item.title,
      variant: item.variantId || item.size ? { _id: item.variantId, size: item.size } : null,
      quantity: item.quantity,
      price: toRupees(item.unitPricePaise),
      subtotal: toRupees(item.subtotalPaise),
      image: item.imageUrl,
    })),
    payment: payment
      ? {
          _id: payment.id,
          mode: payment.mode,
          status: payment.status,
          amount: toRupees(payment.amountPaise),
          transactionId: payment.gatewayPaymentId,
          razorpayOrderId: payment.gatewayOrderId,
        }
      : null,
    businessName: order.customerBusinessName,
    gstin: order.customerGstin,
    invoice: documents?.invoice ?? null,
    creditNote: documents?.creditNote ?? null,
    payBy: payByOf(order, payment ?? undefined, paymentTimeoutMin),
    shipment: shipmentOf(order),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export async function loadOrder(source: OrderDtoSource, orderId: string): Promise<OrderDto | undefined> {
  const [order] = await loadOrders(source, eq(orders.id, orderId));
  return order;
}
