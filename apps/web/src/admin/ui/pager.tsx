/**
 * Previous / Next under a server-paged admin table: "21–40 of 57 payments" and "Page 2 of 3" (read out when it
 * changes). The rows' page lives in the address (use-table-state.ts).
 */
import { pageCount } from './use-table-state';

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

export interface PagerProps {
  /** The navigation landmark's name, e.g. 'Pages of COD payments'. */
  label: string;
  /** What the rows are, plural: 'payments'. */
  noun: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ label, noun, page, pageSize, total, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize);
  // Past the last page (a link kept while rows went away) there is no range to give, only the total.
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {first > 0 && first <= last ? `${first}–${last} of ${total} ${noun}` : `${total} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true">‹ </span>
          Previous
        </button>
        <p aria-live="polite" className="text-sm font-medium text-slate-800">
          Page {page} of {pages}
        </p>
        <button type="button" className={buttonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
    </nav>
  );
}
