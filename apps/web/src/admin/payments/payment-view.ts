/**
 * What the Payments page reads and shows (docs/shop-rules.md#admin-lists): the buyer of a payment, and the
 * page's table state kept in the address (?status=&mode=&from=&to=&search=&sort=&codPage=&onlinePage=), so that
 * Back, a reload and a shared link show the same view.
 */
import {
  PAYMENT_MODES,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  type PaymentDto,
  type PaymentListParams,
  type PaymentMode,
  type PaymentSort,
  type PaymentStatus,
} from '@pumpkart/shared';
import { oneOf, pageParam, setParam } from '../ui/use-table-state';

/** Reading a payment's order: the buyer under the order's `customer` or `user`. */
export function paymentCustomer(payment: PaymentDto): { name: string; email: string; phone: string } {
  const order = payment.order as Partial<PaymentDto['order']> | undefined;
  return {
    name: order?.customer?.name || order?.user?.name || '',
    email: order?.customer?.email || order?.user?.email || '',
    phone: order?.customer?.phone || order?.address?.recipientPhone || '',
  };
}

/** The order a payment belongs to. */
export const paymentOrderId = (payment: PaymentDto) => payment.orderId ?? payment.order?._id ?? '';

/** Rows per page of each table. */
export const PAYMENTS_PAGE_SIZE = 20;

/** The filters and order of both tables; an empty filter is not applied. */
export interface PaymentFilters {
  status: PaymentStatus | '';
  /** Only the COD table, only the online one, or both. */
  mode: PaymentMode | '';
  /** India days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  search: string;
  sort: PaymentSort;
}

export interface PaymentsView {
  filters: PaymentFilters;
  /** Each table has its own page. */
  pages: Record<PaymentMode, number>;
}

export const NO_FILTERS: PaymentFilters = { status: '', mode: '', from: '', to: '', search: '', sort: 'newest' };
const PAGE_PARAM: Record<PaymentMode, string> = { cod: 'codPage', online: 'onlinePage' };

/** A YYYY-MM-DD day of the calendar, else ''. */
function dayParam(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) ? value : '';
}

/** The view of the address; a value the server would refuse is left out (a `to` before `from` too). */
export function readPaymentsView(params: URLSearchParams): PaymentsView {
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  return {
    filters: {
      status: oneOf(PAYMENT_STATUSES, params.get('status'), ''),
      mode: oneOf(PAYMENT_MODES, params.get('mode'), ''),
      from,
      to: from && to && to < from ? '' : to,
      search: (params.get('search') ?? '').trim().slice(0, 100),
      sort: oneOf(PAYMENT_SORTS, params.get('sort'), 'newest'),
    },
    pages: { cod: pageParam(params.get(PAGE_PARAM.cod)), online: pageParam(params.get(PAGE_PARAM.online)) },
  };
}

/** The address of a view: only what differs from the first pages without filters, newest first. */
export function writePaymentsView({ filters, pages }: PaymentsView): URLSearchParams {
  const params = new URLSearchParams();
  setParam(params, 'status', filters.status);
  setParam(params, 'mode', filters.mode);
  setParam(params, 'from', filters.from);
  setParam(params, 'to', filters.to);
  setParam(params, 'search', filters.search);
  setParam(params, 'sort', filters.sort, 'newest');
  for (const mode of PAYMENT_MODES) setParam(params, PAGE_PARAM[mode], pages[mode], 1);
  return params;
}

/** The list request of one table. */
export function listParams(mode: PaymentMode, { filters, pages }: PaymentsView): PaymentListParams {
  return {
    page: pages[mode],
    limit: PAYMENTS_PAGE_SIZE,
    mode,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    search: filters.search.trim() || undefined,
    sort: filters.sort,
  };
}

/** The tables the mode filter shows. */
export const shownModes = (filters: PaymentFilters): PaymentMode[] =>
  filters.mode ? [filters.mode] : ['cod', 'online'];

export const hasFilters = (filters: PaymentFilters) =>
  Boolean(filters.status || filters.mode || filters.from || filters.to || filters.search.trim());
