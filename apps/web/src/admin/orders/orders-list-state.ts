/**
 * The state of the admin's Orders page held in the address (docs/shop-rules.md#admin-lists): the filters and the
 * sort both tables share (?search=&status=&paymentStatus=&from=&to=&sort=) and the page of each table
 * (?codPage=&onlinePage=), or the to-ship view and its page (?view=to-ship&page=, docs/shop-rules.md#to-ship), and
 * the opened order (?order=<id>), so that Back, a reload and a shared link show the same view. A value the server
 * would refuse is left out; only what differs from the defaults is written.
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
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
} from '@pumpkart/shared';
import { oneOf, pageParam, setParam } from '../ui/use-table-state';

/** Rows per page of each table. */
export const ORDERS_PAGE_SIZE = 20;

export interface OrderFilters {
  /** The order number (6 characters) or id, or part of the buyer's name, e-mail or phone. */
  search: string;
  status: OrderStatus | '';
  paymentStatus: PaymentStatus | '';
  /** Days placed, YYYY-MM-DD in India time, both included; '' for no bound. */
  from: string;
  to: string;
  sort: AdminOrderSort;
}

export interface OrdersState {
  filters: OrderFilters;
  /** '' for the COD and Online tables, 'to-ship' for the one queue of orders to send. */
  view: AdminOrderView | '';
  codPage: number;
  onlinePage: number;
  /** The page of the to-ship view's table. */
  page: number;
  /** The order whose detail is open, or ''. */
  order: string;
}

/** The sort a view starts with: the to-ship queue oldest first, the tables newest first. */
export const defaultSortOf = (view: AdminOrderView | '') => adminOrderSortOf({ view: view || undefined });

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD, else ''. */
export function dayParam(value: string | null): string {
  if (!value || !DAY.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

export function readOrdersState(params: URLSearchParams): OrdersState {
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const view = oneOf(ADMIN_ORDER_VIEWS, params.get('view'), '');
  return {
    filters: {
      search: (params.get('search') ?? '').trim().slice(0, 100),
      status: oneOf(ORDER_STATUSES, params.get('status'), ''),
      paymentStatus: oneOf(PAYMENT_STATUSES, params.get('paymentStatus'), ''),
      from,
      // A range that ends before it starts is refused by the server: keep its start only.
      to: from && to && to < from ? '' : to,
      sort: oneOf(ADMIN_ORDER_SORTS, params.get('sort'), defaultSortOf(view)),
    },
    view,
    codPage: pageParam(params.get('codPage')),
    onlinePage: pageParam(params.get('onlinePage')),
    page: pageParam(params.get('page')),
    order: (params.get('order') ?? '').trim().slice(0, 36),
  };
}

export function writeOrdersState({ filters, view, codPage, onlinePage, page, order }: OrdersState): URLSearchParams {
  const params = new URLSearchParams();
  setParam(params, 'view', view);
  setParam(params, 'search', filters.search);
  setParam(params, 'status', filters.status);
  setParam(params, 'paymentStatus', filters.paymentStatus);
  setParam(params, 'from', filters.from);
  setParam(params, 'to', filters.to);
  setParam(params, 'sort', filters.sort, defaultSortOf(view));
  setParam(params, 'codPage', codPage, 1);
  setParam(params, 'onlinePage', onlinePage, 1);
  setParam(params, 'page', page, 1);
  setParam(params, 'order', order);
  return params;
}

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
