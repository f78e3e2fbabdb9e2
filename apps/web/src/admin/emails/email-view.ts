/**
 * What the E-mails page reads and shows (docs/shop-rules.md#emails): its table state kept in the address
 * (?page=&status=&kind=&to=, through useTableState, so Back and a reload keep it), the page count, and times in India (en-IN,
 * Asia/Kolkata) whatever the browser's own zone.
 */
import { MAIL_KINDS, MAIL_STATUSES, type MailListQuery, type MailStatus } from '@pumpkart/shared';
import { choiceParam, pageParam, tableSpec, textParam, type StateOf } from '../ui/use-table-state';

/** Rows per page of the table. */
export const EMAILS_PAGE_SIZE = 20;

/** The table's keys: its page and filters (an empty one is not applied). */
export const EMAILS_TABLE = tableSpec({
  params: {
    page: pageParam(),
    status: choiceParam(MAIL_STATUSES),
    kind: choiceParam(MAIL_KINDS),
    to: textParam(200),
  },
});

export type EmailTableState = StateOf<typeof EMAILS_TABLE>;
export type EmailFilters = Pick<EmailTableState, 'status' | 'kind' | 'to'>;

export const NO_FILTERS: EmailFilters = { status: '', kind: '', to: '' };

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
