/**
 * The admin's order list (docs/shop-rules.md#admin-lists): a page of orders filtered by order status,
 * payment mode and payment status, the days placed (India time, both included), and a search; sorted by a
 * visible column; with the count of the matches, capped at ADMIN_COUNT_CAP + 1 (lib/capped-count.ts). The DTO loader
 * (order-dto.ts) reads the page's orders only, found by their ids' query, so a page costs the same at 200 orders or 200,000.
 * The `to-ship` view is one more filter: the paid orders not yet shipped, oldest first by default.
 */
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  adminOrderSortOf,
  indiaDayRange,
  type AdminOrderFilters,
  type AdminOrderListQuery,
  type AdminOrderSort,
  type OrderListResponse,
} from '@pumpkart/shared';
import { cappedCountSql } from '../../../lib/capped-count';
import { statementByShape } from '../../../db/statement';
import { orders, payments } from '../../../db/schema';
import { NEWEST_ORDERS_FIRST, orderDtosOf, ordersJson, type OrderDtoSource } from './order-dto';

/** The characters of an order number (the id's last 6) as the buyer sees it. */
const ORDER_NUMBER_LENGTH = 6;
const ORDER_NUMBER = /^[0-9a-f]{6}$/i;
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `text` as a LIKE pattern matching it anywhere, its own %, _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The search: the order number (the id's last 6 characters, any case) or the full id, or part of the buyer's
 * name, e-mail or phone as given with the order (any case).
 */
function searchCondition(search: string): SQL {
  const pattern = containing(search);
  const matches: (SQL | undefined)[] = [sql`${orders.searchText} like lower(${pattern})`];
  if (ORDER_NUMBER.test(search)) {
    matches.push(sql`right(${orders.id}::text, ${sql.raw(String(ORDER_NUMBER_LENGTH))}) = ${search.toLowerCase()}`);
  }
  if (FULL_ID.test(search)) matches.push(eq(orders.id, search.toLowerCase()));
  return or(...matches)!;
}

/**
 * The to-ship view (docs/shop-rules.md#to-ship): paid (an online capture, or COD cash the owner confirmed with Mark
 * as Paid: a COD order has no other confirmation), still pending or processing, and never shipped. Its status and
 * shipped_at are the partial index orders_to_ship_idx's condition, word for word, so the planner reads the queue
 * from that index oldest first and checks each entry's payment (decision 0011).
 */
const toShipCondition = () =>
  and(
    // Literals, not parameters: a prepared statement's generic plan can use a partial index only then.
    sql`${orders.status} in ('pending', 'processing') and ${orders.shippedAt} is null`,
    sql`${payments.status} = 'success'`,
  )!;

/** Whether the filters read the payment's row: the caller joins it then. */
export const filtersNeedPayment = (query: AdminOrderFilters) => Boolean(query.paymentStatus || query.view);

/**
 * The list's filters as one condition on orders (and on payments for the payment status: the caller joins
 * them); the CSV export (export-rows.ts) filters with it too, so the file holds the list's orders.
 */
export function filtersOf(query: AdminOrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentMode) conditions.push(eq(orders.paymentMode, query.paymentMode));
  if (query.paymentStatus) conditions.push(eq(payments.status, query.paymentStatus));
  if (query.from) conditions.push(gte(orders.createdAt, indiaDayRange(query.from).start));
  if (query.to) conditions.push(lt(orders.createdAt, indiaDayRange(query.to).end));
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.view === 'to-ship') conditions.push(toShipCondition());
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The ORDER BY of each sort; the id breaks ties, so that a page never repeats or skips a row. */
const ORDERINGS: Record<AdminOrderSort, SQL[]> = {
  newest: NEWEST_ORDERS_FIRST,
  oldest: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalPaise), desc(orders.createdAt), desc(orders.id)],
  total_asc: [asc(orders.totalPaise), desc(orders.createdAt), desc(orders.id)],
  buyer_asc: [asc(sql`lower(${orders.customerName})`), desc(orders.createdAt), desc(orders.id)],
  buyer_desc: [desc(sql`lower(${orders.customerName})`), desc(orders.createdAt), desc(orders.id)],
};

/**
 * A page of the admin's order list in the sort's order, and how many orders match (capped), in one statement: the
 * count (lib/capped-count.ts) beside the page's orders (order-dto.ts, ordersJson), whose subquery finds the page's ids
 * itself, run once. The payment is joined to the ids and the count only when a filter reads it (its status, the
 * to-ship view); every order has exactly one payment row (payments.order_id is unique).
 */
/**
 * listOrdersForAdmin's statements, prepared once per connection by their text (decision 0011: the page's DTO statement
 * costs more to parse than to run); the filters and sorts an owner uses make far fewer texts than this.
 */
const adminPage = statementByShape<{ total: number; orders: Parameters<typeof orderDtosOf>[1] }>(
  'admin_orders_page',
  100,
);

export async function listOrdersForAdmin(
  source: OrderDtoSource,
  query: AdminOrderListQuery,
): Promise<OrderListResponse> {
  const where = filtersOf(query);
  const ordering = ORDERINGS[adminOrderSortOf(query)];
  const matches = () => {
    const select = source.db.select({ id: orders.id }).from(orders).$dynamic();
    return filtersNeedPayment(query) ? select.innerJoin(payments, eq(payments.orderId, orders.id)) : select;
  };
  const ids = matches()
    .where(where)
    .orderBy(...ordering)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [row] = await adminPage(
    source.db,
    undefined,
    () => sql`select ${cappedCountSql(matches().where(where))} as "total",
      ${ordersJson(sql`${orders.id} = any(array(${ids}))`, ordering)} as "orders"`,
  );
  return { data: orderDtosOf(source, row!.orders), total: row!.total };
}
