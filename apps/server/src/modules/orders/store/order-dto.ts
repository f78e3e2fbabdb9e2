/**
 * Orders as the API shows them (orderSchema): amounts in rupees, the copied line details (title,
 * size, unit price, image), a reference to the product as it is now (null once destroyed), the buyer's
 * business name and GSTIN, the number and date of its tax invoice and credit note (docs/shop-rules.md#invoices),
 * its shipment and delivery time (docs/shop-rules.md#order-status), and `payBy`, until when an unpaid online order can still be paid before the expiry sweeper cancels it
 * (docs/shop-rules.md#payments, docs/decisions/0005-unpaid-orders-release-stock.md).
 * The DTO's shape is written once, in orderDtoOf: a read (ordersJson: one statement for any number of orders, their
 * lines, images and documents as json) and a placed order (service.ts: the rows just written) both go through it.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { addressSchema, toRupees, type Address, type OrderDto, type ProductImageDto } from '@pumpkart/shared';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, payments, products, users } from '../../../db/schema';
import type { ImageStorage } from '../../../storage/image-storage';
import { epochMs, jsonObjectOf, renderedOnce, rowsOf } from '../../../lib/raw-rows';
import { taxDocumentsJson, taxDocumentsOf, type OrderTaxDocuments, type TaxDocumentJson } from '../../invoices';
import { imagesFromJson, productImagesJson, type ProductImageJson } from '../../products';

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
    ewayBillNumber: order.ewayBillNumber,
    vehicleNumber: order.vehicleNumber,
    transporterId: order.transporterId,
    shippedAt: order.shippedAt.toISOString(),
  };
}

/** Newest first: the buyer's orders and the admin list's default sort; the id breaks ties. */
export const NEWEST_ORDERS_FIRST: SQL[] = [desc(orders.createdAt), desc(orders.id)];

/** A line of the order, joined to its product (left: null once destroyed), as OrderRows holds it, with its images. */
const LINE_JSON = jsonObjectOf({
  item: jsonObjectOf({
    id: orderItems.id,
    productId: orderItems.productId,
    variantId: orderItems.variantId,
    title: orderItems.title,
    size: orderItems.size,
    imageUrl: orderItems.imageUrl,
    unitPricePaise: orderItems.unitPricePaise,
    quantity: orderItems.quantity,
    subtotalPaise: orderItems.subtotalPaise,
    serviceDate: orderItems.serviceDate,
  }),
  productTitle: products.title,
  images: productImagesJson(products.id),
});

/**
 * One order of `orders` (joined to its buyer in `users` and, left, its payment in `payments`) as OrderJson: the
 * columns orderDtoOf reads, its lines in display order (title, then id) and its tax documents. Rendered once: it
 * names every column through the schema, which costs more to build on each request than to run.
 */
const ORDER_JSON = renderedOnce(
  jsonObjectOf({
    order: jsonObjectOf({
      id: orders.id,
      status: orders.status,
      paymentMode: orders.paymentMode,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      customerBusinessName: orders.customerBusinessName,
      customerGstin: orders.customerGstin,
      approvalStatus: orders.approvalStatus,
      address: orders.address,
      subtotalPaise: orders.subtotalPaise,
      shippingPaise: orders.shippingPaise,
      totalPaise: orders.totalPaise,
      advancePercent: orders.advancePercent,
      receivedPaise: orders.receivedPaise,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      trackingUrl: orders.trackingUrl,
      ewayBillNumber: orders.ewayBillNumber,
      vehicleNumber: orders.vehicleNumber,
      transporterId: orders.transporterId,
      shippedAt: epochMs(orders.shippedAt),
      deliveredAt: epochMs(orders.deliveredAt),
      createdAt: epochMs(orders.createdAt),
      updatedAt: epochMs(orders.updatedAt),
    }),
    user: jsonObjectOf({ id: users.id, name: users.name, email: users.email }),
    payment: sql`case when ${payments.id} is not null then ${jsonObjectOf({
      id: payments.id,
      mode: payments.mode,
      status: payments.status,
      amountPaise: payments.amountPaise,
      gatewayPaymentId: payments.gatewayPaymentId,
      gatewayOrderId: payments.gatewayOrderId,
      createdAt: epochMs(payments.createdAt),
    })} end`,
    items: sql`(
      select json_agg(${LINE_JSON} order by ${orderItems.title}, ${orderItems.id})
      from ${orderItems} left join ${products} on ${products.id} = ${orderItems.productId}
      where ${orderItems.orderId} = ${orders.id}
    )`,
    documents: taxDocumentsJson(orders.id),
  }),
);

/** An order as ORDER_JSON reads it: OrderRows with instants as epoch milliseconds, images as stored. */
interface OrderJson {
  order: Omit<OrderFields, Instant> & { [K in Instant]: OrderFields[K] extends Date ? number : number | null };
  user: OrderRows['user'];
  payment: (Omit<PaymentFields, 'createdAt'> & { createdAt: number }) | null;
  /** Null without lines. */
  items: { item: OrderItemFields; productTitle: string | null; images: ProductImageJson[] | null }[] | null;
  documents: TaxDocumentJson[] | null;
}
type Instant = 'shippedAt' | 'deliveredAt' | 'createdAt' | 'updatedAt';

/**
 * The orders of `where` (all when omitted) as a scalar subquery: a json array of OrderJson in the order of `orderBy`,
 * `[]` for none, one statement for any number of orders. Map it with orderDtosOf. (The admin's list writes its page's
 * JSON text in the database instead: order-json.ts, checked against this mapper by list-json.test.ts.)
 */
export function ordersJson(where: SQL | undefined, orderBy: SQL[]): SQL {
  return sql`(
    select coalesce(json_agg(${ORDER_JSON} order by ${sql.join(orderBy, sql`, `)}), '[]')
    from ${orders}
    inner join ${users} on ${users.id} = ${orders.userId}
    left join ${payments} on ${payments.orderId} = ${orders.id}
    ${where ? sql`where ${where}` : sql``}
  )`;
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The DTOs of orders as ordersJson reads them: each through orderDtoOf. */
export function orderDtosOf({ storage, config }: Omit<OrderDtoSource, 'db'>, rows: OrderJson[]): OrderDto[] {
  return rows.map(({ order, user, payment, items, documents }) => {
    const lines = items ?? [];
    const images = new Map(
      lines.flatMap(({ item, images }) => (item.productId ? [[item.productId, imagesFromJson(storage, images)]] : [])),
    );
    return orderDtoOf(
      {
        order: {
          ...order,
          shippedAt: dateOrNull(order.shippedAt),
          deliveredAt: dateOrNull(order.deliveredAt),
          createdAt: new Date(order.createdAt),
          updatedAt: new Date(order.updatedAt),
        },
        user,
        payment: payment && { ...payment, createdAt: new Date(payment.createdAt) },
        items: lines,
        images,
        documents: taxDocumentsOf(documents),
      },
      config.ORDER_PAYMENT_TIMEOUT_MIN,
    );
  });
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
  const [row] = rowsOf<{ orders: OrderJson[] }>(
    await source.db.execute(sql`select ${ordersJson(where, orderBy)} as "orders"`),
  );
  return orderDtosOf(source, row!.orders);
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
  | 'approvalStatus'
  | 'address'
  | 'subtotalPaise'
  | 'shippingPaise'
  | 'totalPaise'
  | 'advancePercent'
  | 'receivedPaise'
  | 'courier'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'ewayBillNumber'
  | 'vehicleNumber'
  | 'transporterId'
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
  | 'id'
  | 'productId'
  | 'variantId'
  | 'title'
  | 'size'
  | 'imageUrl'
  | 'unitPricePaise'
  | 'quantity'
  | 'subtotalPaise'
  | 'serviceDate'
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
 * keys in its own order (shortest first), and a DTO reads the same through any serializer.
 */
function addressOf(address: Address): Address {
  const ordered: Record<string, unknown> = {};
  for (const key of ADDRESS_KEYS) if (address[key] !== undefined) ordered[key] = address[key];
  return ordered as Address;
}
const ADDRESS_KEYS = Object.keys(addressSchema.shape) as (keyof Address)[];

/** The DTO, in orderSchema's shape with its keys in the schema's order: the one home of an order's answer. */
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
      serviceDate: item.serviceDate,
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
    advancePercent: order.advancePercent,
    received: toRupees(order.receivedPaise),
    businessName: order.customerBusinessName,
    gstin: order.customerGstin,
    invoice: documents?.invoice ?? null,
    creditNote: documents?.creditNote ?? null,
    payBy: order.approvalStatus === 'pending' ? null : payByOf(order, payment ?? undefined, paymentTimeoutMin),
    approvalStatus: order.approvalStatus,
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

/**
 * The buyer's orders, newest first (loadOrders); for a person in a business, every order of the business, whoever
 * placed it (docs/shop-rules.md#business-accounts).
 */
export const loadOrdersOfBuyer = (source: OrderDtoSource, userId: string, businessId: string | null = null) =>
  loadOrders(source, businessId ? eq(orders.businessId, businessId) : eq(orders.userId, userId));

/** The business's orders waiting for approval, the oldest first. */
export const loadAwaitingApproval = (source: OrderDtoSource, businessId: string) =>
  loadOrders(source, and(eq(orders.businessId, businessId), eq(orders.approvalStatus, 'pending')), [
    asc(orders.createdAt),
    asc(orders.id),
  ]);
