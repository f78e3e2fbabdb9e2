/**
 * What the Payments page reads and shows (docs/shop-rules.md#admin-lists): the buyer of a payment, and the
 * page's table state kept in the address (?status=&mode=&from=&to=&search=&sort=&codPage=&onlinePage=, through
 * useTableState), so that Back, a reload and a shared link show the same view.
 */
import {
  PAYMENT_MODES,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  type PaymentDto,
  type PaymentListParams,
  type PaymentMode,
} from '@pumpkart/shared';
import { choiceParam, dayParam, pageParam, tableSpec, textParam, type StateOf } from '../ui/use-table-state';

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

/** The address's key of each table's page. */
export const PAGE_KEY = { cod: 'codPage', online: 'onlinePage', bank: 'bankPage' } as const satisfies Record<
  PaymentMode,
  string
>;

/**
 * The page's keys: the filters and order of both tables (an empty filter is not applied; `mode` shows only the
 * COD table, only the online one, or both; from and to: India days, YYYY-MM-DD, both included), and each
 * table's page.
 */
export const PAYMENTS_TABLE = tableSpec({
  params: {
    status: choiceParam(PAYMENT_STATUSES),
    mode: choiceParam(PAYMENT_MODES),
    from: dayParam(),
    to: dayParam(),
    search: textParam(100),
    sort: choiceParam(PAYMENT_SORTS, 'newest'),
    [PAGE_KEY.cod]: pageParam(),
    [PAGE_KEY.online]: pageParam(),
    [PAGE_KEY.bank]: pageParam(),
  },
  // A range that ends before it starts is refused by the server: keep its start only.
  refine: (state) => (state.from && state.to && state.to < state.from ? { ...state, to: '' } : state),
});

export type PaymentsView = StateOf<typeof PAYMENTS_TABLE>;
export type PaymentFilters = Pick<PaymentsView, 'status' | 'mode' | 'from' | 'to' | 'search' | 'sort'>;

export const NO_FILTERS: PaymentFilters = { status: '', mode: '', from: '', to: '', search: '', sort: 'newest' };

/** The list request of one table. */
export function listParams(mode: PaymentMode, filters: PaymentsView): PaymentListParams {
  return {
    page: filters[PAGE_KEY[mode]],
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
  filters.mode ? [filters.mode] : ['cod', 'online', 'bank'];

export const hasFilters = (filters: PaymentFilters) =>
  Boolean(filters.status || filters.mode || filters.from || filters.to || filters.search.trim());
