/**
 * The orders' rows as placing and settling an order write them (docs/shop-rules.md#orders), each function taking
 * the database or the caller's transaction; the hot ones, which every checkout runs, are statements prepared once
 * (db/statement.ts).
 */
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, payments, products, users } from '../../../db/schema';
import { statement } from '../../../db/statement';
import { productImagesJson, type ProductImageJson } from '../../products';

/** The handle every function of the store takes: the database or a transaction. */
export type { DbOrTx };
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** The order a buyer placed with an Idempotency-Key, and the hash of the body it was placed with. */
export async function findOrderByKey(
  db: DbOrTx,
  userId: string,
  idempotencyKey: string,
): Promise<{ id: string; bodyHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: orders.id, bodyHash: orders.idempotencyBodyHash })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/** The buyer's row locked (FOR NO KEY UPDATE leaves other users' references alone). */
const lockBuyerQuery = statement('lock_buyer', ({ db }) =>
  db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('no key update'),
);

export async function lockBuyer(tx: DbOrTx, userId: string) {
  const [user] = await lockBuyerQuery(tx, { userId });
  return user;
}

/**
 * Orders of the buyer still pending with their payment pending (an online one's failed attempts included; a COD one
 * until the owner marks it paid), and how many of them are COD.
 */
const openUnpaidOrdersQuery = statement('open_unpaid_orders', ({ db }) =>
  db
    .select({ n: count(), cod: sql<number>`count(*) filter (where ${orders.paymentMode} = 'cod')`.mapWith(Number) })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(eq(orders.userId, sql.placeholder('userId')), eq(orders.status, 'pending'), eq(payments.status, 'pending')),
    ),
);

export async function countOpenUnpaidOrders(tx: DbOrTx, userId: string): Promise<{ n: number; cod: number }> {
  const [row] = await openUnpaidOrdersQuery(tx, { userId });
  return row ?? { n: 0, cod: 0 };
}

/** The columns a placed order is written with; the others take their defaults. */
const ORDER_COLUMNS = [
  'userId',
  'status',
  'paymentMode',
  'customerName',
  'customerEmail',
  'customerPhone',
  'customerBusinessName',
  'customerGstin',
  'address',
  'subtotalPaise',
  'shippingPaise',
  'totalPaise',
  'advancePercent',
  'idempotencyKey',
  'idempotencyBodyHash',
  'businessId',
  'outletId',
  'approvalStatus',
] as const;
export type NewOrder = Required<Pick<typeof orders.$inferInsert, (typeof ORDER_COLUMNS)[number]>>;

const insertOrderQuery = statement('insert_order', ({ db }) =>
  db
    .insert(orders)
    .values(
      Object.fromEntries(ORDER_COLUMNS.map((column) => [column, sql.placeholder(column)])) as Record<
        (typeof ORDER_COLUMNS)[number],
        ReturnType<typeof sql.placeholder>
      >,
    )
    .returning(),
);

export async function insertOrder(tx: DbOrTx, order: NewOrder): Promise<OrderRow> {
  const [row] = await insertOrderQuery(tx, order);
  return row!;
}

/** The columns of an order's line. */
const ITEM_COLUMNS = [
  'orderId',
  'productId',
  'variantId',
  'title',
  'size',
  'imageUrl',
  'unitPricePaise',
  'quantity',
  'subtotalPaise',
  'hsnCode',
  'gstRate',
  'certificates',
  'serviceDate',
] as const;
export type NewOrderItem = Required<Pick<typeof orderItems.$inferInsert, (typeof ITEM_COLUMNS)[number]>>;

/** The most lines whose INSERT is prepared (one statement per number of lines); a longer order is built each time. */
const MAX_PREPARED_LINES = 16;
const insertItemsQueries = Array.from({ length: MAX_PREPARED_LINES }, (_, index) =>
  statement(`insert_order_items_${index + 1}`, ({ db }) =>
    db
      .insert(orderItems)
      .values(
        Array.from(
          { length: index + 1 },
          (_, line) =>
            Object.fromEntries(ITEM_COLUMNS.map((column) => [column, sql.placeholder(`${column}_${line}`)])) as Record<
              (typeof ITEM_COLUMNS)[number],
              ReturnType<typeof sql.placeholder>
            >,
        ),
      )
      .returning(),
  ),
);

/** Writes an order's lines in one statement; answers them as written. */
export async function insertOrderItems(tx: DbOrTx, items: readonly NewOrderItem[]): Promise<OrderItemRow[]> {
  if (items.length === 0) return [];
  const prepared = insertItemsQueries[items.length - 1];
  if (!prepared)
    return tx
      .insert(orderItems)
      .values([...items])
      .returning();
  const values: Record<string, unknown> = {};
  items.forEach((item, line) => {
    for (const column of ITEM_COLUMNS) values[`${column}_${line}`] = item[column];
  });
  return prepared(tx, values);
}

/** A paid order moved from pending to processing; answers false when it was not pending. */
const moveToProcessingQuery = statement('order_to_processing', ({ db }) =>
  db
    .update(orders)
    .set({ status: 'processing', updatedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.status, 'pending')))
    .returning({ id: orders.id }),
);

export async function moveToProcessing(tx: DbOrTx, orderId: string, now: Date): Promise<boolean> {
  const moved = await moveToProcessingQuery(tx, { orderId, now: now.toISOString() });
  return moved.length > 0;
}

/** The buyer of an order and the business it was placed for (null: a consumer's), or undefined for no such order. */
export async function findOrderOwners(
  db: DbOrTx,
  orderId: string,
): Promise<{ userId: string; businessId: string | null } | undefined> {
  const [order] = await db
    .select({ userId: orders.userId, businessId: orders.businessId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** The e-way bill and conveyance recorded when the order was shipped (all null before); undefined: no such order. */
export async function findOrderTransport(
  db: DbOrTx,
  orderId: string,
): Promise<{ ewayBillNumber: string | null; vehicleNumber: string | null; transporterId: string | null } | undefined> {
  const [order] = await db
    .select({
      ewayBillNumber: orders.ewayBillNumber,
      vehicleNumber: orders.vehicleNumber,
      transporterId: orders.transporterId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** A size of a product as pricing reads it. */
export interface PricingVariant {
  id: string;
  size: string | null;
  pricePaise: number;
  stock: number;
}

/**
 * The products of an order with their variants (JSON, in position order) and images (JSON, in display order), in
 * one statement prepared once per connection (docs/decisions/0015-checkout-statements.md): every placement prices
 * its lines through it. The subquery names its tables itself: drizzle leaves a column unqualified in a one-table
 * select.
 */
const pricingQuery = statement('order_pricing', ({ db }) =>
  db
    .select({
      ...getTableColumns(products),
      variants: sql<PricingVariant[]>`coalesce((
        select json_agg(json_build_object('id', v.id, 'size', v.size, 'pricePaise', v.price_paise, 'stock', v.stock)
          order by v.position)
        from product_variants v where v.product_id = products.id), '[]'::json)`,
      images: sql<ProductImageJson[] | null>`${productImagesJson(products.id)}`,
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

export const findProductsForPricing = (db: DbOrTx, ids: string[]) => pricingQuery(db, { ids });
