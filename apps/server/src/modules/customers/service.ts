/**
 * The Customers page (docs/shop-rules.md#customers-page): its rows as DTOs, a customer's detail, and the CSV export
 * of the filtered list (read CUSTOMER_EXPORT_BATCH rows at a time, in the list's order).
 */
import {
  indiaDateOf,
  toRupees,
  type CustomerDetail,
  type CustomerDto,
  type CustomerFilters,
  type CustomerListQuery,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { csvAmount, type CsvRow } from '../../lib/csv-stream';
import { NotFoundError } from '../../lib/errors';
import {
  countCustomers,
  findCustomer,
  findCustomerPage,
  findOutlets,
  findPeople,
  findRecentOrders,
  type CustomerRow,
} from './store';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

const iso = (at: Date | string) => new Date(at).toISOString();

function dtoOf(row: CustomerRow): CustomerDto {
  return {
    kind: row.kind,
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    gstin: row.gstin,
    outlets: row.outlets,
    people: row.people,
    orders: row.orders,
    spent: toRupees(row.spentPaise),
    owes: toRupees(row.owesPaise),
    lastOrderAt: row.lastOrderAt === null ? null : iso(row.lastOrderAt),
    createdAt: iso(row.createdAt),
    priceList: row.priceListId === null ? null : { _id: row.priceListId, name: row.priceListName ?? '' },
    quotes: row.quotes,
  };
}

export async function listCustomers(db: DbOrTx, query: CustomerListQuery) {
  const [rows, total] = await Promise.all([
    findCustomerPage(db, query, (query.page - 1) * query.limit, query.limit),
    countCustomers(db, query),
  ]);
  return { data: rows.map(dtoOf), total };
}

export async function customerDetail(db: DbOrTx, kind: string, id: string): Promise<CustomerDetail> {
  const row = await findCustomer(db, kind, id);
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const [people, outlets, recent] = await Promise.all([
    findPeople(db, kind, id),
    kind === 'business' ? findOutlets(db, id) : Promise.resolve([]),
    findRecentOrders(db, kind, id),
  ]);
  return {
    customer: dtoOf(row),
    people: people.map(({ id: _id, ...person }) => ({ _id, ...person })),
    outlets: outlets.map(({ id: _id, ...outlet }) => ({ _id, ...outlet })),
    recentOrders: recent.map((order) => ({
      _id: order.id,
      createdAt: iso(order.createdAt),
      status: order.status,
      paymentStatus: order.paymentStatus,
      total: toRupees(Number(order.totalPaise)),
      buyerName: order.buyerName,
    })),
  };
}

export const CUSTOMER_CSV_COLUMNS = [
  'Kind',
  'Id',
  'Name',
  'E-mail',
  'Phone',
  'GSTIN',
  'Price list',
  'Outlets',
  'People',
  'Open quotes',
  'Orders',
  'Spent (₹)',
  'Owes (₹)',
  'Last order',
  'Customer since',
] as const;

const CUSTOMER_EXPORT_BATCH = 500;

const day = (at: Date | string | null) => (at === null ? null : iso(at).slice(0, 10));

/** The filtered list, every match, a batch at a time. */
export async function* customerCsvBatches(db: DbOrTx, filters: CustomerFilters): AsyncGenerator<CsvRow[]> {
  for (let offset = 0; ; offset += CUSTOMER_EXPORT_BATCH) {
    const rows = await findCustomerPage(db, filters, offset, CUSTOMER_EXPORT_BATCH);
    yield rows.map((row) => [
      row.kind,
      row.id,
      row.name,
      row.email,
      row.phone,
      row.gstin,
      row.priceListName,
      row.outlets,
      row.people,
      row.quotes,
      row.orders,
      csvAmount(row.spentPaise),
      csvAmount(row.owesPaise),
      day(row.lastOrderAt),
      day(row.createdAt),
    ]);
    if (rows.length < CUSTOMER_EXPORT_BATCH) return;
  }
}

export const customerCsvFileName = (now: Date) => `customers-${indiaDateOf(now)}.csv`;
