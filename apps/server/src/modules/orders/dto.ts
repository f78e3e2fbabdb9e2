/**
 * Orders as the API shows them (orderSchema): amounts in rupees, the copied line details (title,
 * size, unit price, image), a reference to the product as it is now (null once destroyed), the buyer's
 * business name and GSTIN, the number and date of its tax invoice and credit note (docs/shop-rules.md#invoices),
 * its shipment and delivery time (docs/shop-rules.md#order-status), and `payBy`, until when an unpaid online order can still be paid before the expiry sweeper cancels it
 * (docs/shop-rules.md#payments, docs/decisions/0005-unpaid-orders-release-stock.md).
 */
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { toRupees, type OrderDto } from '@pumpkart/shared';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, products, users } from '../../db/schema';
import type { ImageStorage } from '../../storage/image-storage';
import { taxDocumentsOfOrders } from '../invoices';
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

/** Orders matching `where` (all when omitted), newest first. */
export async function loadOrders({ db, storage, config }: OrderDtoSource, where?: SQL): Promise<OrderDto[]> {
  const rows = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.order.id);
  const itemRows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  const paymentRows = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
  const productIds = [...new Set(itemRows.map((item) => item.productId).filter((id): id is string => Boolean(id)))];
  const productRows = productIds.length
    ? await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, productIds))
    : [];
  const images = await loadProductImages(db, storage, productIds);
  const documents = await taxDocumentsOfOrders(db, orderIds);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const paymentByOrder = new Map(paymentRows.map((p) => [p.orderId, p]));

  return rows.map(({ order, user }): OrderDto => {
    const payment = paymentByOrder.get(order.id);
    const issued = documents.get(order.id);
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
      items: itemRows
        .filter((item) => item.orderId === order.id)
        .map((item) => {
          const product = item.productId ? productById.get(item.productId) : undefined;
          return {
            _id: item.id,
            product: product ? { _id: product.id, title: product.title, images: images.get(product.id) ?? [] } : null,
            title: item.title,
            variant: item.variantId || item.size ? { _id: item.variantId, size: item.size } : null,
            quantity: item.quantity,
            price: toRupees(item.unitPricePaise),
            subtotal: toRupees(item.subtotalPaise),
            image: item.imageUrl,
          };
        }),
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
      invoice: issued?.invoice ?? null,
      creditNote: issued?.creditNote ?? null,
      payBy: payByOf(order, payment, config.ORDER_PAYMENT_TIMEOUT_MIN),
      shipment: shipmentOf(order),
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  });
}

export async function loadOrder(source: OrderDtoSource, orderId: string): Promise<OrderDto | undefined> {
  const [order] = await loadOrders(source, eq(orders.id, orderId));
  return order;
}
