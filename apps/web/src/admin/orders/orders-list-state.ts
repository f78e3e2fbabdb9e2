/**
 * The state of the admin's Orders page held in the address (docs/shop-rules.md#admin-lists): the filters and the
 * sort both tables share (?search=&status=&paymentStatus=&from=&to=&sort=) and the page of each table
 * (?codPage=&onlinePage=), or the to-ship view and its page (?view=to-ship&page=, docs/shop-rules.md#to-ship), and
 * the opened order (?order=<id>), so that Back, a reload and a shared link show the same view (read and written
 * by useTableState), and the list requests of that state.
 */
import {
  ADMIN_ORDER_SORTS,
  ADMIN_ORDER_VIEWS,
  adminOrderSortOf,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type AdminOrderExportParams,
  type AdminOrderListParams,
  type AdminOrderSort,
  type AdminOrderView,
  type PaymentMode,
} from '@pumpkart/shared';
import { choiceParam, dayParam, pageParam, tableSpec, textParam, type StateOf } from '../ui/use-table-state';

/** Rows per page of each table. */
export const ORDERS_PAGE_SIZE = 20;

/** The sort a view starts with: the to-ship queue oldest first, the tables newest first. */
export const defaultSortOf = (view: AdminOrderView | '') => adminOrderSortOf({ view: view || undefined });

/**
 * The page's keys: '' for the COD and Online tables or 'to-ship' for the one queue of orders to send; the filters
 * (search: the order number or id, or part of the buyer's name, e-mail or phone; from and to: days placed,
 * YYYY-MM-DD in India time, both included); each table's page (to-ship's is `page`); the order whose detail is open.
 */
export const ORDERS_TABLE = tableSpec({
  params: {
    view: choiceParam(ADMIN_ORDER_VIEWS),
    search: textParam(100),
    status: choiceParam(ORDER_STATUSES),
    paymentStatus: choiceParam(PAYMENT_STATUSES),
    from: dayParam(),
    to: dayParam(),
    sort: choiceParam(ADMIN_ORDER_SORTS, 'newest'),
    codPage: pageParam(),
    onlinePage: pageParam(),
    bankPage: pageParam(),
    page: pageParam(),
    order: textParam(36),
  },
  defaultsOf: (state) => ({ sort: defaultSortOf(state.view) }),
  // A range that ends before it starts is refused by the server: keep its start only.
  refine: (state) => (state.from && state.to && state.to < state.from ? { ...state, to: '' } : state),
});

export type OrdersState = StateOf<typeof ORDERS_TABLE>;

/** The filters and the sort both tables share. */
export type OrderFilters = Pick<OrdersState, 'search' | 'status' | 'paymentStatus' | 'from' | 'to' | 'sort'>;

export const NO_ORDER_FILTERS: OrderFilters = {
  search: '',
  status: '',
  paymentStatus: '',
  from: '',
  to: '',
  sort: 'newest',
};

/** What the sort list says for each sort. */
export const ORDER_SORT_LABELS: Record<AdminOrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Total: high to low',
  total_asc: 'Total: low to high',
  buyer_asc: 'Buyer: A to Z',
  buyer_desc: 'Buyer: Z to A',
};

/**
 * The filters as the server reads them, blanks left out: the list's and the CSV export's
 * (docs/shop-rules.md#orders-csv; the export holds both payment modes and is always newest first).
 */
export function ordersExportQuery(filters: OrderFilters, view: AdminOrderView | '' = ''): AdminOrderExportParams {
  return {
    view: view || undefined,
    search: filters.search.trim() || undefined,
    status: filters.status || undefined,
    paymentStatus: filters.paymentStatus || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** The list request of one table: its payment mode and page, with the shared filters. */
export function ordersQuery(filters: OrderFilters, paymentMode: PaymentMode, page: number): AdminOrderListParams {
  return {
    page,
    limit: ORDERS_PAGE_SIZE,
    paymentMode,
    ...ordersExportQuery(filters),
    sort: filters.sort === 'newest' ? undefined : filters.sort,
  };
}

/** The list request of the to-ship view's table: both payment modes, oldest first unless sorted otherwise. */
export function toShipQuery(filters: OrderFilters, page: number): AdminOrderListParams {
  return {
    page,
    limit: ORDERS_PAGE_SIZE,
    ...ordersExportQuery(filters, 'to-ship'),
    sort: filters.sort === defaultSortOf('to-ship') ? undefined : filters.sort,
  };
}

/** The to-ship count on the view switch: one row is enough, the total comes with it. */
export const TO_SHIP_COUNT_QUERY: AdminOrderListParams = { page: 1, limit: 1, view: 'to-ship' };

export const hasOrderFilters = (filters: OrderFilters) =>
  Boolean(filters.search.trim() || filters.status || filters.paymentStatus || filters.from || filters.to);
