/**
 * The admin's order list (docs/shop-rules.md#admin-lists): a page of orders filtered by order status,
 * payment mode and payment status, the days placed (India time, both included), and a search; sorted by a
 * visible column; with the count of the matches, capped at ADMIN_COUNT_CAP + 1 (lib/capped-count.ts). The DTO loader
 * (dto.ts) reads the page's orders only, found by their ids' query, so a page costs the same at 200 orders or 200,000.
 */
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  indiaDayRange,
  type AdminOrderFilters,
  type AdminOrderListQuery,
  type AdminOrderSort,
  type OrderDto,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { cappedCount } from '../../lib/capped-count';
import { orders, payments } from '../../db/schema';
import { loadOrders, NEWEST_ORDERS_FIRST, type OrderDtoSource } from './dto';

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
 * The list's filters as one condition on orders (and on payments for the payment status: the caller joins
 * them); the CSV export (export.ts) filters with it too, so the file holds the list's orders.
 */
export function filtersOf(query: AdminOrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentMode) conditions.push(eq(orders.paymentMode, query.paymentMode));
  if (query.paymentStatus) conditions.push(eq(payments.status, query.paymentStatus));
  if (query.from) conditions.push(gte(orders.createdAt, indiaDayRange(query.from).start));
  if (query.to) conditions.push(lt(orders.createdAt, indiaDayRange(query.to).end));
  if (query.search) conditions.push(searchCondition(query.search));
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
 * The select of one page's ids, and the count of the matches, capped (lib/capped-count.ts). The payment is joined
 * only when its status is filtered (every order has exactly one payment row: payments.order_id is unique).
 */
function pageQueries(db: DbOrTx, query: AdminOrderListQuery) {
  const where = filtersOf(query);
  const joinPayment = Boolean(query.paymentStatus);
  let idQuery = db.select({ id: orders.id }).from(orders).$dynamic();
  let countQuery = db.select({ id: orders.id }).from(orders).$dynamic();
  if (joinPayment) {
    idQuery = idQuery.innerJoin(payments, eq(payments.orderId, orders.id));
    countQuery = countQuery.innerJoin(payments, eq(payments.orderId, orders.id));
  }
  return {
    ids: idQuery
      .where(where)
      .orderBy(...ORDERINGS[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total: cappedCount(db, countQuery.where(where)),
  };
}

/**
 * A page of the admin's order list, in the sort's order, and how many orders match (capped). Two statements side
 * by side, the page's orders and the count, then the page's tax documents and images (dto.ts): the orders'
 * statement finds the page's ids itself, in a subquery run once.
 */
export async function listOrdersForAdmin(
  source: OrderDtoSource,
  query: AdminOrderListQuery,
): Promise<{ data: OrderDto[]; total: number }> {
  const page = pageQueries(source.db, query);
  const [data, total] = await Promise.all([
    loadOrders(source, sql`${orders.id} = any(array(${page.ids}))`, ORDERINGS[query.sort]),
    page.total,
  ]);
  return { data, total };
}
