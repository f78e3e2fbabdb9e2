/**
 * Orders as the API shows them (orderSchema): amounts in rupees, the copied line details (title,
 * size, unit price, image), a reference to the product as it is now (null once destroyed), the buyer's
 * business name and GSTIN, the number and date of its tax invoice and credit note (docs/shop-rules.md#invoices),
 * its shipment and delivery time (docs/shop-rules.md#order-status), and `payBy`, until when an unpaid online order can still be paid before the expiry sweeper cancels it
 * (docs/shop-rules.md#payments, docs/decisions/0005-unpaid-orders-release-stock.md).
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addressSchema, toRupees, type Address, type OrderDto, type ProductImageDto } from '@pumpkart/shared';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, products, users } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import { epochMs, renderedOnce, rowsOf } from '../../lib/raw-rows';
import { orderTaxDocumentsOf, taxDocumentsJson, type OrderTaxDocuments, type TaxDocumentJson } from '../invoices';
import { imagesFromJson, productImagesJson, type ProductImageJson } from '../products';

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

/**
 * One order as loadOrders' statement answers it: the columns of the order and its buyer the DTO shows, and its
 * payment, lines (each with its product's current title and images) and tax documents as JSON. Instants come as
 * epoch milliseconds and amounts as numbers (lib/raw-rows.ts).
 */
interface OrderJsonRow {
  id: string;
  status: OrderDto['status'];
  paymentMode: OrderDto['paymentMode'];
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerBusinessName: string | null;
  customerGstin: string | null;
  address: Address;
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: number | null;
  deliveredAt: number | null;
  createdAt: number;
  updatedAt: number;
  userId: string;
  userName: string;
  userEmail: string;
  /** Null without a payment row. */
  payment: (Omit<PaymentFields, 'createdAt'> & { createdAt: number }) | null;
  /** In display order (title, then id); null only for an order without lines (none is placed so). */
  items: (OrderItemFields & { productTitle: string | null; images: ProductImageJson[] | null })[] | null;
  documents: TaxDocumentJson[] | null;
}

/** A paise amount (bigint) as a number: node-postgres answers a bigint column as a string. */
const paise = (column: PgColumn) => sql`${column}::float8`;

/**
 * loadOrders' statement but its WHERE and ORDER BY (OrderJsonRow), rendered once: every column is named through
 * the schema, and building that text on each request cost more server CPU than the database spends running it.
 */
const ORDERS_AS_JSON = renderedOnce(sql`
  select ${orders.id} as "id", ${orders.status} as "status", ${orders.paymentMode} as "paymentMode",
    ${orders.customerName} as "customerName", ${orders.customerEmail} as "customerEmail",
    ${orders.customerPhone} as "customerPhone", ${orders.customerBusinessName} as "customerBusinessName",
    ${orders.customerGstin} as "customerGstin", ${orders.address} as "address",
    ${paise(orders.subtotalPaise)} as "subtotalPaise", ${paise(orders.shippingPaise)} as "shippingPaise",
    ${paise(orders.totalPaise)} as "totalPaise", ${orders.courier} as "courier",
    ${orders.trackingNumber} as "trackingNumber", ${orders.trackingUrl} as "trackingUrl",
    ${epochMs(orders.shippedAt)} as "shippedAt", ${epochMs(orders.deliveredAt)} as "deliveredAt",
    ${epochMs(orders.createdAt)} as "createdAt", ${epochMs(orders.updatedAt)} as "updatedAt",
    ${users.id} as "userId", ${users.name} as "userName", ${users.email} as "userEmail",
    case when ${payments.id} is not null then json_build_object(
      'id', ${payments.id}, 'mode', ${payments.mode}, 'status', ${payments.status},
      'amountPaise', ${payments.amountPaise}, 'gatewayPaymentId', ${payments.gatewayPaymentId},
      'gatewayOrderId', ${payments.gatewayOrderId}, 'createdAt', ${epochMs(payments.createdAt)}
    ) end as "payment",
    (
      select json_agg(json_build_object(
          'id', ${orderItems.id}, 'productId', ${orderItems.productId}, 'variantId', ${orderItems.variantId},
          'title', ${orderItems.title}, 'size', ${orderItems.size}, 'imageUrl', ${orderItems.imageUrl},
          'unitPricePaise', ${orderItems.unitPricePaise}, 'quantity', ${orderItems.quantity},
          'subtotalPaise', ${orderItems.subtotalPaise}, 'productTitle', ${products.title},
          'images', ${productImagesJson(products.id)}
        ) order by ${orderItems.title}, ${orderItems.id})
      from ${orderItems} left join ${products} on ${products.id} = ${orderItems.productId}
      where ${orderItems.orderId} = ${orders.id}
    ) as "items",
    ${taxDocumentsJson(orders.id)} as "documents"
  from ${orders}
  inner join ${users} on ${users.id} = ${orders.userId}
  left join ${payments} on ${payments.orderId} = ${orders.id}`);

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/** orderDtoOf's input from a row of loadOrders' statement. */
function orderRowsOf(row: OrderJsonRow, storage: ImageStorage): OrderRows {
  const images = new Map<string, ProductImageDto[]>();
  const items = (row.items ?? []).map(({ productTitle, images: productImages, ...item }) => {
    if (item.productId && !images.has(item.productId))
      images.set(item.productId, imagesFromJson(storage, productImages));
    return { item, productTitle };
  });
  return {
    order: {
      id: row.id,
      status: row.status,
      paymentMode: row.paymentMode,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      customerBusinessName: row.customerBusinessName,
      customerGstin: row.customerGstin,
      address: row.address,
      subtotalPaise: row.subtotalPaise,
      shippingPaise: row.shippingPaise,
      totalPaise: row.totalPaise,
      courier: row.courier,
      trackingNumber: row.trackingNumber,
      trackingUrl: row.trackingUrl,
      shippedAt: dateOf(row.shippedAt),
      deliveredAt: dateOf(row.deliveredAt),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    },
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    payment: row.payment && { ...row.payment, createdAt: new Date(row.payment.createdAt) },
    items,
    images,
    documents: orderTaxDocumentsOf(row.documents),
  };
}

/**
 * The orders of `where` (all when omitted) in the order of `orderBy`, newest first by default, in one statement
 * for any number of orders (docs/decisions/0011-admin-lists-at-size.md, fourth part): each order with its buyer,
 * payment, lines (with their products' current titles and images) and tax documents, the nested parts as JSON
 * built by the database. Its rows are read as the driver answers them: only what the DTO shows, and no ORM
 * mapping of each column, which with the statements' building was most of a page's server CPU. A page passes
 * `where` as its ids' subquery (admin-list.ts), run once (`= any(array(...))`), so the lines are read for the
 * page's orders only, however deep the page.
 */
export async function loadOrders(
  { db, storage, config }: OrderDtoSource,
  where?: SQL,
  orderBy: SQL[] = NEWEST_ORDERS_FIRST,
): Promise<OrderDto[]> {
  const result = await db.execute(
    sql`${ORDERS_AS_JSON} ${where ? sql`where ${where}` : sql``} order by ${sql.join(orderBy, sql`, `)}`,
  );
  return rowsOf<OrderJsonRow>(result).map((row) =>
    orderDtoOf(orderRowsOf(row, storage), config.ORDER_PAYMENT_TIMEOUT_MIN),
  );
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
 * (docs/decisions/0011-admin-lists-at-size.md, fourth part), which used to put them back in order.
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
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export async function loadOrder(source: OrderDtoSource, orderId: string): Promise<OrderDto | undefined> {
  const [order] = await loadOrders(source, eq(orders.id, orderId));
  return order;
}
