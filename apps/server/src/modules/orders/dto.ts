/**
 * Orders as the API shows them (orderSchema): amounts in rupees, the copied line details (title,
 * size, unit price, image), a reference to the product as it is now (null once destroyed), the buyer's
 * business name and GSTIN, the number and date of its tax invoice and credit note (docs/shop-rules.md#invoices),
 * its shipment and delivery time (docs/shop-rules.md#order-status), and `payBy`, until when an unpaid online order can still be paid before the expiry sweeper cancels it
 * (docs/shop-rules.md#payments, docs/decisions/0005-unpaid-orders-release-stock.md).
 */
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { toRupees, type OrderDto, type ProductImageDto } from '@pumpkart/shared';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, products, users } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import { taxDocumentsOfOrders, type OrderTaxDocuments } from '../invoices';
import { loadProductImages } from '../products';

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
function shipmentOf(order: typeof orders.$inferSelect): OrderDto['shipment'] {
  if (!order.courier || !order.trackingNumber || !order.shippedAt) return null;
  return {
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    shippedAt: order.shippedAt.toISOString(),
  };
}

/**
 * Orders matching `where` (all when omitted), newest first. Four statements for any number of orders: the orders
 * with their buyer and payment (one each), then their lines with the products' current titles and their tax
 * documents side by side, then the products' images. A page's cost is mostly its round trips, so none is spent
 * on what a join can bring.
 */
export async function loadOrders({ db, storage, config }: OrderDtoSource, where?: SQL): Promise<OrderDto[]> {
  const rows = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email }, payment: payments })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.order.id);
  const [itemRows, documents] = await Promise.all([
    db
      .select({ item: orderItems, productTitle: products.title })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.title), asc(orderItems.id)),
    taxDocumentsOfOrders(db, orderIds),
  ]);
  const productIds = itemRows.flatMap(({ item, productTitle }) =>
    item.productId && productTitle !== null ? [item.productId] : [],
  );
  const images = await loadProductImages(db, storage, productIds);

  return rows.map(({ order, user, payment }) =>
    orderDtoOf(
      {
        order,
        user,
        payment,
        items: itemRows.filter(({ item }) => item.orderId === order.id),
        images,
        documents: documents.get(order.id),
      },
      config.ORDER_PAYMENT_TIMEOUT_MIN,
    ),
  );
}

/** One order's rows as loadOrders reads them, or as placing it wrote them (service.ts answers those without a reload). */
export interface OrderRows {
  order: typeof orders.$inferSelect;
  user: { id: string; name: string; email: string };
  payment: typeof payments.$inferSelect | null;
  /** Its lines in display order (title, then id), each with its product's current title (null once destroyed). */
  items: { item: typeof orderItems.$inferSelect; productTitle: string | null }[];
  images: ReadonlyMap<string, ProductImageDto[]>;
  documents: OrderTaxDocuments | undefined;
}

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
    address: order.address,
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
