/**
 * The admin's payments list (docs/shop-rules.md#admin-lists): one page of payments, filtered by status, mode, the
 * India days of their creation and a search for a gateway id or the order's number, in the chosen order, and how
 * many match, counted up to ADMIN_COUNT_CAP + 1 (lib/capped-count.ts). Only the page's rows are loaded with their order and buyer (dto.ts).
 */
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { indiaDayRange, type PaymentListQuery, type PaymentListResponse, type PaymentSort } from '@pumpkart/shared';
import type { AppContext } from '../../../context';
import { payments } from '../../../db/schema';
import { cappedCountSql } from '../../../lib/capped-count';
import { statementByShape } from '../../../db/statement';
import { paymentDtosOf, paymentsJson } from './dto';

type Ctx = Pick<AppContext, 'db'>;

/** The last 6 characters of an order id, as the buyer and the admin pages show it. */
const ORDER_NUMBER = /^[0-9a-f]{6}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The gateway's payment id (the transaction id) or order id exactly, or the order's id whole or its number. */
function searchCondition(term: string): SQL | undefined {
  const matches: (SQL | undefined)[] = [eq(payments.gatewayPaymentId, term), eq(payments.gatewayOrderId, term)];
  if (ORDER_NUMBER.test(term)) matches.push(sql`right(${payments.orderId}::text, 6) = ${term.toLowerCase()}`);
  if (UUID.test(term)) matches.push(eq(payments.orderId, term.toLowerCase()));
  return or(...matches);
}

function filtersOf(query: PaymentListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.mode) conditions.push(eq(payments.mode, query.mode));
  if (query.from) conditions.push(gte(payments.createdAt, indiaDayRange(query.from).start));
  if (query.to) conditions.push(lt(payments.createdAt, indiaDayRange(query.to).end));
  if (query.search) conditions.push(searchCondition(query.search));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Each order ends on the newest first, then the id, so that pages never overlap or skip a row. */
const ORDER_BY: Record<PaymentSort, SQL[]> = {
  newest: [desc(payments.createdAt), desc(payments.id)],
  oldest: [asc(payments.createdAt), asc(payments.id)],
  amount_desc: [desc(payments.amountPaise), desc(payments.createdAt), desc(payments.id)],
  amount_asc: [asc(payments.amountPaise), desc(payments.createdAt), desc(payments.id)],
};

/**
 * A page of the payments matching the query, in its order, and how many match (capped), in one statement prepared
 * once per connection by its text (adminPage): the count beside the page's payments (dto.ts, paymentsJson), whose
 * subquery finds the page's ids itself, run once.
 */
/** listPayments' statements, prepared once per connection by their text (few: filters and sorts). */
const adminPage = statementByShape<{ total: number; payments: Parameters<typeof paymentDtosOf>[0] }>(
  'admin_payments_page',
  100,
);

export async function listPayments(ctx: Ctx, query: PaymentListQuery): Promise<PaymentListResponse> {
  const where = filtersOf(query);
  const ids = ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(where)
    .orderBy(...ORDER_BY[query.sort])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [row] = await adminPage(
    ctx.db,
    undefined,
    () => sql`select ${cappedCountSql(ctx.db.select({ id: payments.id }).from(payments).where(where).$dynamic())} as "total",
      ${paymentsJson(sql`${payments.id} = any(array(${ids}))`, ORDER_BY[query.sort])} as "payments"`,
  );
  return { data: paymentDtosOf(row!.payments), total: row!.total };
}
