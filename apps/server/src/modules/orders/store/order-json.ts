/**
 * The admin's order list as JSON text built by the database (docs/decisions/0011-admin-lists-at-size.md): the page
 * is sent as PostgreSQL wrote it, with no order parsed, mapped or serialized, which the mapped design (order-dto.ts,
 * orderDtoOf) costs about twice the server's time on a page; only the lines' images are mapped in the server
 * (withProductImages). It must stay orderDtoOf's JSON byte for byte (list-json.test.ts): the address's keys in the
 * contract's order, lines in display order (title, then id), the same conditions for a line's product and size, the
 * payment, the shipment and `payBy` (an unpaid online order's payment time plus ORDER_PAYMENT_TIMEOUT_MIN, in
 * milliseconds, truncated). Every other read of orders keeps orderDtoOf.
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import { orderItems, orders, payments, products, users } from '../../../db/schema';
import {
  addressJson,
  isoTimeJson,
  jsonArray,
  jsonObject,
  jsonValue,
  jsonWhen,
  rupeesJson,
} from '../../../lib/json-text';
import { epochMs, renderedOnce } from '../../../lib/raw-rows';
import { taxDocumentRefJson } from '../../invoices';
import { imagesByProduct, imagesOfProductsJson, type ProductImageOfJson } from '../../products';
import type { ImageStorage } from '../../../storage/image-storage';

/** The statement's value, as a column of its one-row `dto_params` (the order's text is rendered once). */
const TIMEOUT_MIN = sql.raw('dto_params.timeout_min');

/** A line of the order, joined to its product (left: null once destroyed), as orderDtoOf shows it. */
const LINE_JSON = jsonObject({
  _id: jsonValue(orderItems.id),
  product: jsonWhen(
    sql`${products.id} is not null`,
    jsonObject({
      _id: jsonValue(orderItems.productId),
      title: jsonValue(products.title),
      images: sql`concat(chr(1), ${products.id}, chr(1))`,
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
  serviceDate: jsonValue(orderItems.serviceDate),
});

/** One order of `orders` (joined to its buyer in `users` and, left, its payment in `payments`) as orderDtoOf's JSON. */
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
    advancePercent: jsonValue(orders.advancePercent),
    received: rupeesJson(orders.receivedPaise),
    businessName: jsonValue(orders.customerBusinessName),
    gstin: jsonValue(orders.customerGstin),
    invoice: taxDocumentRefJson(orders.id, 'invoice'),
    creditNote: taxDocumentRefJson(orders.id, 'credit-note'),
    payBy: jsonWhen(
      sql`${orders.status} = 'pending' and ${orders.paymentMode} = 'online' and ${payments.status} = 'pending'
        and ${orders.approvalStatus} is distinct from 'pending'`,
      isoTimeJson(sql`to_timestamp(floor(${epochMs(payments.createdAt)} + ${TIMEOUT_MIN} * 60000) / 1000)`),
    ),
    approvalStatus: jsonValue(orders.approvalStatus),
    shipment: jsonWhen(
      sql`coalesce(${orders.courier}, '') <> '' and coalesce(${orders.trackingNumber}, '') <> ''
        and ${orders.shippedAt} is not null`,
      jsonObject({
        courier: jsonValue(orders.courier),
        trackingNumber: jsonValue(orders.trackingNumber),
        trackingUrl: jsonValue(orders.trackingUrl),
        ewayBillNumber: jsonValue(orders.ewayBillNumber),
        vehicleNumber: jsonValue(orders.vehicleNumber),
        transporterId: jsonValue(orders.transporterId),
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
 * The orders of `where` as the JSON text of an array of their DTOs, in the order of `orderBy`, `[]` for none, with
 * each line's product images marked for withProductImages. The payment time-out in minutes comes as the statement's
 * value `timeoutMin` (`value`: statementByShape's, db/statement.ts).
 */
export function ordersJsonText(where: SQL, orderBy: SQL[], value: (name: string) => unknown): SQL {
  return sql`(
    select ${jsonArray(ORDER_DTO_JSON, orderBy)}
    from (select ${value('timeoutMin')}::float8 as timeout_min) as dto_params
    cross join ${orders}
    inner join ${users} on ${users.id} = ${orders.userId}
    left join ${payments} on ${payments.orderId} = ${orders.id}
    where ${where}
  )`;
}

/**
 * A line's product images in ordersJsonText's text: the product's id between two U+0001 characters, which no other
 * value can hold (to_json writes a control character as `\u0001`).
 */
const IMAGES_MARK = '\u0001';

/**
 * The images of the products of the lines of the orders whose ids `orderIds` (a subquery) selects, for
 * withProductImages: the page's statement reads them beside its text.
 */
export const lineImagesJson = (orderIds: SQL): SQL =>
  imagesOfProductsJson(
    sql`select ${orderItems.productId} from ${orderItems} where ${orderItems.orderId} in (${orderIds})`,
  );

/**
 * ordersJsonText's text with each marked product's images as the API shows them, mapped by the products module
 * (toImageDto) from the rows lineImagesJson read: the database building them as text cost it more than the rest of
 * the page (decision 0011).
 */
export function withProductImages(storage: ImageStorage, json: string, images: ProductImageOfJson[] | null): string {
  // Split at the marks, the product ids are the odd parts.
  const parts = json.split(IMAGES_MARK);
  if (parts.length === 1) return json;
  const texts = new Map(Array.from(imagesByProduct(storage, images), ([id, list]) => [id, JSON.stringify(list)]));
  return parts.map((part, index) => (index % 2 === 0 ? part : (texts.get(part) ?? '[]'))).join('');
}
