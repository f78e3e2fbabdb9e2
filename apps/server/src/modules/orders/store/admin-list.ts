/**
 * The admin's order list (docs/shop-rules.md#admin-lists): a page of orders filtered by order status,
 * payment mode and payment status, the days placed (India time, both included), and a search; sorted by a
 * visible column; with the count of the matches, capped at ADMIN_COUNT_CAP + 1 (lib/capped-count.ts). The page's
 * JSON (order-json.ts) reads the page's orders only, found by their ids' query, so a page costs the same at 200 orders or 200,000.
 * The `to-ship` view is one more filter: the paid orders not yet shipped, oldest first by default.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  adminOrderSortOf,
  indiaDayRange,
  type AdminOrderFilters,
  type AdminOrderListQuery,
  type AdminOrderSort,
} from '@pumpkart/shared';
import { cappedCountSql } from '../../../lib/capped-count';
import { statementByShape, type StatementParts, type Values } from '../../../db/statement';
import { orders, payments } from '../../../db/schema';
import type { ProductImageOfJson } from '../../products';
import { NEWEST_ORDERS_FIRST, type OrderDtoSource } from './order-dto';
import { lineImagesJson, ordersJsonText, withProductImages } from './order-json';

/** The characters of an order number (the id's last 6) as the buyer sees it. */
const ORDER_NUMBER_LENGTH = 6;
const ORDER_NUMBER = /^[0-9a-f]{6}$/i;
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `text` as a LIKE pattern matching it anywhere, its own %, _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** How a filter takes a request value named `name`: the value itself, or statementByShape's placeholder. */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => value;

/**
 * The search: the order number (the id's last 6 characters, any case) or the full id, or part of the buyer's
 * name, e-mail or phone as given with the order (any case).
 */
function searchCondition(search: string, bind: Bind): SQL {
  const matches: (SQL | undefined)[] = [sql`${orders.searchText} like lower(${bind('pattern', containing(search))})`];
  const lowered = () => bind('searchId', search.toLowerCase());
  if (ORDER_NUMBER.test(search)) {
    matches.push(sql`right(${orders.id}::text, ${sql.raw(String(ORDER_NUMBER_LENGTH))}) = ${lowered()}`);
  }
  if (FULL_ID.test(search)) matches.push(sql`${orders.id} = ${lowered()}`);
  return or(...matches)!;
}

/** Which search conditions `search` makes (searchCondition): part of a statement's shape. */
const searchShape = (search: string) => `${ORDER_NUMBER.test(search) ? 'n' : ''}${FULL_ID.test(search) ? 'i' : ''}`;

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
 * them); the CSV export (export-rows.ts) filters with it too, so the file holds the list's orders. Each request
 * value goes through `bind` (by default the value itself), so that the list's statement holds placeholders.
 */
export function filtersOf(query: AdminOrderFilters, bind: Bind = inline): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`${orders.status} = ${bind('status', query.status)}`);
  if (query.paymentMode) conditions.push(sql`${orders.paymentMode} = ${bind('paymentMode', query.paymentMode)}`);
  if (query.paymentStatus) conditions.push(sql`${payments.status} = ${bind('paymentStatus', query.paymentStatus)}`);
  // As ISO text (drizzle's own encoding of an instant), which both drivers and both ways of binding send alike.
  if (query.from) {
    conditions.push(sql`${orders.createdAt} >= ${bind('from', indiaDayRange(query.from).start.toISOString())}`);
  }
  if (query.to) conditions.push(sql`${orders.createdAt} < ${bind('to', indiaDayRange(query.to).end.toISOString())}`);
  if (query.search) conditions.push(searchCondition(query.search, bind));
  if (query.view === 'to-ship') conditions.push(toShipCondition());
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Everything of the filters that changes filtersOf's text (not its values). */
const filtersShape = (query: AdminOrderFilters) =>
  [
    query.status ? 's' : '',
    query.paymentMode ? 'm' : '',
    query.paymentStatus ? 'p' : '',
    query.from ? 'f' : '',
    query.to ? 't' : '',
    query.search ? `q${searchShape(query.search)}` : '',
    query.view ?? '',
  ].join(',');

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
 * listOrdersForAdmin's statements, prepared once per connection for each shape (filters present, sort, page size;
 * decision 0011: the page's statement costs more to build and parse than to run); the filters and sorts an owner
 * uses make far fewer shapes than this.
 */
const adminPage = statementByShape<{ total: number; orders: string; images: ProductImageOfJson[] | null }>(
  'admin_orders_page',
  100,
);

/** A page of the admin's order list as the JSON text of OrderListResponse, and its total. */
export interface OrderListJson {
  json: string;
  total: number;
}

/**
 * A page of the admin's order list in the sort's order, and how many orders match (capped), in one statement: the
 * count (lib/capped-count.ts) beside the page's orders as JSON text (order-json.ts), whose subquery finds the page's
 * ids itself, run once. The payment is joined to the ids and the count only when a filter reads it (its status, the
 * to-ship view); every order has exactly one payment row (payments.order_id is unique).
 */
export async function listOrdersForAdmin(source: OrderDtoSource, query: AdminOrderListQuery): Promise<OrderListJson> {
  const sort = adminOrderSortOf(query);
  const values: Values = {
    offset: (query.page - 1) * query.limit,
    timeoutMin: source.config.ORDER_PAYMENT_TIMEOUT_MIN,
  };
  filtersOf(query, (name, value) => (values[name] = value));
  const build = ({ db, value }: StatementParts) => {
    const where = filtersOf(query, (name) => value(name));
    const ordering = ORDERINGS[sort];
    const matches = () => {
      const select = db.select({ id: orders.id }).from(orders).$dynamic();
      return filtersNeedPayment(query) ? select.innerJoin(payments, eq(payments.orderId, orders.id)) : select;
    };
    // The first page has no OFFSET, so that its statement gets a plan for all its runs (cappedCountSql says why).
    const offset = values.offset === 0 ? sql`` : sql` offset ${value('offset')}`;
    const ids = sql`${matches()
      .where(where)
      .orderBy(...ordering)} limit ${sql.raw(String(query.limit))}${offset}`;
    return sql`select ${cappedCountSql(matches().where(where))} as "total",
      ${ordersJsonText(sql`${orders.id} = any(array(${ids}))`, ordering, value)} as "orders",
      ${lineImagesJson(ids)} as "images"`;
  };
  // The page size is written into the text (1-100, checked by the query's schema), so it is part of the shape, as is
  // whether the page is the first.
  const shape = `${filtersShape(query)}|${sort}|${query.limit}|${values.offset === 0 ? 'first' : 'later'}`;
  const [row] = await adminPage(source.db, shape, build, values);
  const page = withProductImages(source.storage, row!.orders, row!.images);
  return { json: `{"data":${page},"total":${row!.total}}`, total: row!.total };
}
