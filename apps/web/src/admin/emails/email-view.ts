/**
 * What the E-mails page reads and shows (docs/shop-rules.md#emails): its table state kept in the address
 * (?page=&status=&kind=&to=, so Back and a reload keep it), the page count, and times in India (en-IN,
 * Asia/Kolkata) whatever the browser's own zone.
 */
import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailListQuery, type MailStatus } from '@pumpkart/shared';
import { oneOf, pageParam, setParam } from '../ui/use-table-state';

/** Rows per page of the table. */
export const EMAILS_PAGE_SIZE = 20;

/** The filters of the table; an empty one is not applied. */
export interface EmailFilters {
  status: MailStatus | '';
  kind: MailKind | '';
  to: string;
}

export const NO_FILTERS: EmailFilters = { status: '', kind: '', to: '' };

/** The state of the table: its page and filters. */
export interface EmailTableState {
  page: number;
  filters: EmailFilters;
}

/** The table state of the address; a value the server would refuse is left out. */
export function stateFromParams(params: URLSearchParams): EmailTableState {
  return {
    page: pageParam(params.get('page')),
    filters: {
      status: oneOf(MAIL_STATUSES, params.get('status'), ''),
      kind: oneOf(MAIL_KINDS, params.get('kind'), ''),
      to: (params.get('to') ?? '').trim().slice(0, 200),
    },
  };
}

/** The address of a table state: only what differs from the first page without filters. */
export function paramsFromState({ page, filters }: EmailTableState): URLSearchParams {
  const params = new URLSearchParams();
  setParam(params, 'page', page, 1);
  setParam(params, 'status', filters.status);
  setParam(params, 'kind', filters.kind);
  setParam(params, 'to', filters.to);
  return params;
}

/** The list request of a table state. */
export function listQuery(page: number, filters: EmailFilters): MailListQuery {
  return {
    page,
    limit: EMAILS_PAGE_SIZE,
    status: filters.status || undefined,
    kind: filters.kind || undefined,
    to: filters.to.trim() || undefined,
  };
}

export const hasFilters = (filters: EmailFilters) => Boolean(filters.status || filters.kind || filters.to.trim());

/** Whether an admin may queue the message again (the server answers 409 for the others). */
export const canSendAgain = (status: MailStatus) => status === 'failed' || status === 'kept';
