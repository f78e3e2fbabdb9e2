/**
 * What the E-mails page reads and shows (docs/shop-rules.md#emails): its table state kept in the address
 * (?page=&status=&kind=&to=, so Back and a reload keep it), the page count, and times in India (en-IN,
 * Asia/Kolkata) whatever the browser's own zone.
 */
import {
  INDIA_TIME_ZONE,
  MAIL_KINDS,
  MAIL_STATUSES,
  type MailKind,
  type MailListQuery,
  type MailStatus,
} from '@pumpkart/shared';

/** Rows per page of the table. */
export const EMAILS_PAGE_SIZE = 20;

/** The filters of the table; an empty one is not applied. */
export interface EmailFilters {
  status: MailStatus | '';
  kind: MailKind | '';
  to: string;
}

export const NO_FILTERS: EmailFilters = { status: '', kind: '', to: '' };

const isStatus = (value: string | null): value is MailStatus =>
  value !== null && (MAIL_STATUSES as readonly string[]).includes(value);
const isKind = (value: string | null): value is MailKind =>
  value !== null && (MAIL_KINDS as readonly string[]).includes(value);

/** The page of the address, 1 when it is missing or not a whole number from 1. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The table state of the address; a value the server would refuse is left out. */
export function stateFromParams(params: URLSearchParams): { page: number; filters: EmailFilters } {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    page: pageOf(params.get('page')),
    filters: {
      status: isStatus(status) ? status : '',
      kind: isKind(kind) ? kind : '',
      to: (params.get('to') ?? '').trim().slice(0, 200),
    },
  };
}

/** The address of a table state: only what differs from the first page without filters. */
export function paramsFromState(page: number, filters: EmailFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  const to = filters.to.trim();
  if (to) params.set('to', to);
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

/** How many pages `total` rows fill (at least one). */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / EMAILS_PAGE_SIZE));

const indiaTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: INDIA_TIME_ZONE,
});

/** e.g. '05 Jun 2026, 02:30 pm', in India time; '—' without a valid time. */
export function indiaDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? indiaTime.format(date) : '—';
}

/** Whether an admin may queue the message again (the server answers 409 for the others). */
export const canSendAgain = (status: MailStatus) => status === 'failed' || status === 'kept';
