/**
 * The Customers page's reads (docs/shop-rules.md#customers-page): the only file of the module that reads tables.
 *
 * The query's shape:
 *   customers  = businesses ∪ users with the customer role in no business, each branch filtered by the kind and the
 *                search itself (so that each uses its own trigram index) and read in the sort's order by its own
 *                (created_at, id) or (lower(name), id) index: the union is merged, never sorted whole
 *   page       = customers sorted, LIMIT/OFFSET; the count capped at ADMIN_COUNT_CAP + 1
 *   figures    = per row of the page: its order figures from customer_totals (running totals the database keeps,
 *                migration 0038: orders, spent, owes, last order), outlets, people and open quotes; the price list
 * A sort by a figure joins every matching customer to customer_totals and sorts them, then reads the page's rows
 * as above.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, type CustomerFilters, type CustomerSort } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import {
  businesses,
  businessMembers,
  businessOutlets,
  customerTotals,
  orders,
  payments,
  priceLists,
  quotes,
  users,
} from '../../db/schema';
import { rowsOf } from '../../lib/raw-rows';

/** One customer as the page reads it; money in paise. */
export interface CustomerRow {
  kind: 'business' | 'person';
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  gstin: string | null;
  outlets: number;
  people: number;
  orders: number;
  spentPaise: number;
  owesPaise: number;
  lastOrderAt: Date | string | null;
  createdAt: Date | string;
  priceListId: string | null;
  priceListName: string | null;
  quotes: number;
}

/** The lower-cased text a search matches: word for word the expressions of the trigram indexes (db/schema). */
export const USER_TEXT = sql`lower(u.name || chr(10) || u.email || chr(10) || u.phone || chr(10) || coalesce(u.gstin, '')
  || chr(10) || coalesce(u.business_name, ''))`;
export const BUSINESS_TEXT = sql`lower(b.legal_name || chr(10) || coalesce(b.gstin, ''))`;

const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Businesses and the people in none that match the filters. A business is found by its people's text too (their
 * names, e-mails, phones and own GSTINs), through the same users index.
 */
function customersOf(filters: CustomerFilters, top?: { sort: CustomerSort; rows: number }): SQL {
  const pattern = filters.search === undefined ? undefined : containing(filters.search);
  // Literal booleans, so that the planner drops a branch the kind excludes.
  const business: SQL[] = [sql.raw(String(filters.kind !== 'person'))];
  const person: SQL[] = [sql.raw(String(filters.kind !== 'business'))];
  if (pattern !== undefined) {
    // A union of two index reads, where an OR would read every business.
    business.push(sql`b.id in (select b.id from ${businesses} b where ${BUSINESS_TEXT} like ${pattern}
      union select m.business_id from ${businessMembers} m join ${users} u on u.id = m.user_id
      where ${USER_TEXT} like ${pattern})`);
    person.push(sql`${USER_TEXT} like ${pattern}`);
  }
  // For a page in the newest or name order, each branch reads only its first rows by its own index.
  const first = (alias: 'b' | 'u', name: string) => {
    const order = top && BRANCH_ORDERINGS[top.sort];
    return order ? sql` order by ${sql.raw(order(alias, `${alias}.${name}`))} limit ${top.rows}` : sql``;
  };
  return sql`(
    (select 'business'::text as kind, b.id, b.legal_name as name, null::text as email, null::text as phone, b.gstin,
      b.created_at, b.price_list_id
    from ${businesses} b where ${sql.join(business, sql` and `)}${first('b', 'legal_name')})
    union all
    (select 'person'::text, u.id, u.name, u.email, u.phone, u.gstin, u.created_at, null::uuid
    from ${users} u
    where u.role = 'customer' and not exists (select 1 from ${businessMembers} m where m.user_id = u.id)
      and ${sql.join(person, sql` and `)}${first('u', 'name')})
  )`;
}

/** The sorts a branch can read from its own index (the same ORDER BY as the page's, on the table's columns). */
const BRANCH_ORDERINGS: Partial<Record<CustomerSort, (alias: string, name: string) => string>> = {
  newest: (alias) => `${alias}.created_at desc, ${alias}.id desc`,
  name_asc: (alias, name) => `lower(${name}) asc, ${alias}.id asc`,
  name_desc: (alias, name) => `lower(${name}) desc, ${alias}.id desc`,
};

/** The ORDER BY of each sort, over the running totals `t` where they sort; the id breaks ties. */
const ORDERINGS: Record<CustomerSort, SQL> = {
  newest: sql`c.created_at desc, c.id desc`,
  name_asc: sql`lower(c.name) asc, c.id asc`,
  name_desc: sql`lower(c.name) desc, c.id desc`,
  spent_desc: sql`coalesce(t.spent_paise, 0) desc, c.created_at desc, c.id desc`,
  owes_desc: sql`coalesce(t.owes_paise, 0) desc, c.created_at desc, c.id desc`,
  last_order_desc: sql`t.last_order_at desc nulls last, c.created_at desc, c.id desc`,
};
const BY_FIGURE: ReadonlySet<CustomerSort> = new Set(['spent_desc', 'owes_desc', 'last_order_desc']);

/** What a customer row `c` adds to the page: its order figures (running totals), outlets, people, open quotes. */
const FIGURES = sql`${customerTotals} t on t.customer_id = c.id
  left join lateral (
    select (select count(*)::int from ${businessOutlets} bo where bo.business_id = c.id) as outlets,
      (case when c.kind = 'person' then 1
        else (select count(*)::int from ${businessMembers} m where m.business_id = c.id) end) as people,
      (select count(*)::int from ${quotes} q where q.status in ('requested', 'quoted')
        and (case when c.kind = 'person' then q.user_id = c.id else q.business_id = c.id end)) as quotes
  ) f on true
  left join ${priceLists} pl on pl.id = c.price_list_id`;

const SELECTED = sql`c.kind, c.id, c.name, c.email, c.phone, c.gstin, c.created_at as "createdAt", f.outlets,
  f.people, coalesce(t.orders, 0) as orders, coalesce(t.spent_paise, 0)::float8 as "spentPaise",
  coalesce(t.owes_paise, 0)::float8 as "owesPaise", t.last_order_at as "lastOrderAt", pl.id as "priceListId",
  pl.name as "priceListName", f.quotes`;

/** A page of customers in the sort's order (`offset`, `limit`), without the count. */
export async function findCustomerPage(
  db: DbOrTx,
  filters: CustomerFilters,
  offset: number,
  limit: number,
): Promise<CustomerRow[]> {
  const ordering = ORDERINGS[filters.sort];
  const page = BY_FIGURE.has(filters.sort)
    ? sql`select c.* from ${customersOf(filters)} c left join ${customerTotals} t on t.customer_id = c.id
        order by ${ordering} limit ${limit} offset ${offset}`
    : sql`select c.* from ${customersOf(filters, { sort: filters.sort, rows: offset + limit })} c
        order by ${ordering} limit ${limit} offset ${offset}`;
  const query = sql`select ${SELECTED} from (${page}) c left join ${FIGURES} order by ${ordering}`;
  return rowsOf<CustomerRow>(await db.execute(query)).map(normalized);
}

/** The count of the matches, stopping at ADMIN_COUNT_CAP + 1 (docs/shop-rules.md#admin-lists). */
export async function countCustomers(db: DbOrTx, filters: CustomerFilters): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (select 1 from ${customersOf(filters)} c
      limit ${ADMIN_COUNT_CAP + 1}) as matches`),
  );
  return Number(row?.total ?? 0);
}

/** One customer by kind and id, with its figures; undefined when there is none (or a person now in a business). */
export async function findCustomer(db: DbOrTx, kind: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = rowsOf<CustomerRow>(
    await db.execute(sql`select ${SELECTED} from ${customersOf({ sort: 'newest' })} c left join ${FIGURES}
      where c.kind = ${kind} and c.id = ${id}`),
  );
  return row && normalized(row);
}

/** A business's people with their roles, or the person alone (role null). */
export async function findPeople(db: DbOrTx, kind: string, id: string) {
  return rowsOf<{ id: string; name: string; email: string; phone: string; role: string | null }>(
    await db.execute(
      kind === 'person'
        ? sql`select u.id, u.name, u.email, u.phone, null::text as role from ${users} u where u.id = ${id}`
        : sql`select u.id, u.name, u.email, u.phone, m.role from ${businessMembers} m join ${users} u on u.id = m.user_id
            where m.business_id = ${id} order by m.created_at, u.id`,
    ),
  );
}

export async function findOutlets(db: DbOrTx, businessId: string) {
  return rowsOf<{ id: string; name: string; brand: string; dealerCode: string; city: string }>(
    await db.execute(sql`select o.id, o.name, o.brand, o.dealer_code as "dealerCode",
      coalesce(o.address->>'city', '') as city from ${businessOutlets} o where o.business_id = ${businessId}
      order by o.name, o.id`),
  );
}

/** The 10 latest orders of a customer's buyers. */
export async function findRecentOrders(db: DbOrTx, kind: string, id: string) {
  const buyers =
    kind === 'person'
      ? sql`array[${id}::uuid]`
      : sql`array(select m.user_id from ${businessMembers} m where m.business_id = ${id})`;
  return rowsOf<{
    id: string;
    createdAt: Date | string;
    status: string;
    paymentStatus: string;
    totalPaise: number;
    buyerName: string;
  }>(
    await db.execute(sql`select o.id, o.created_at as "createdAt", o.status, p.status as "paymentStatus",
      o.total_paise::float8 as "totalPaise", o.customer_name as "buyerName"
      from ${orders} o join ${payments} p on p.order_id = o.id where o.user_id = any(${buyers})
      order by o.created_at desc, o.id desc limit 10`),
  );
}

/** Numbers as numbers whichever driver read them. */
function normalized(row: CustomerRow): CustomerRow {
  return {
    ...row,
    outlets: Number(row.outlets),
    people: Number(row.people),
    orders: Number(row.orders),
    spentPaise: Number(row.spentPaise),
    owesPaise: Number(row.owesPaise),
    quotes: Number(row.quotes),
  };
}
