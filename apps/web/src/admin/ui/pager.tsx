/**
 * Previous / Next under a server-paged admin table: "21–40 of 57 payments" and "Page 2 of 3" (read out when it
 * changes). The rows' page lives in the address (use-table-state.ts). Past the server's count cap
 * (docs/shop-rules.md#admin-lists) it reads "1–20 of 1,000+ orders" and "Page 3 of 50+", and Next stays enabled
 * while the page is full.
 */
import { totalIsCapped } from '@pumpkart/shared';
import { pageCount, totalLabel } from './use-table-state';

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
  /** The rows on this page: past a capped total they tell whether a next page may exist. */
  rows?: number;
  onPage: (page: number) => void;
}

export function Pager({ label, noun, page, pageSize, total, rows, onPage }: PagerProps) {
  const capped = totalIsCapped(total);
  const pages = pageCount(total, pageSize);
  // Past the last page (a link kept while rows went away) there is no range to give, only the total.
  const first = (page - 1) * pageSize + 1;
  const last = capped && rows !== undefined ? first + rows - 1 : Math.min(page * pageSize, total);
  const hasNext = capped ? page < pages || rows === pageSize : page < pages;
  const pagesLabel = capped ? `${Math.max(page, pages).toLocaleString('en-IN')}+` : pages.toLocaleString('en-IN');
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {first > 0 && first <= last
          ? `${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${totalLabel(total)} ${noun}`
          : `${totalLabel(total)} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true">‹ </span>
          Previous
        </button>
        <p aria-live="polite" className="text-sm font-medium text-slate-800">
          Page {page.toLocaleString('en-IN')} of {pagesLabel}
        </p>
        <button type="button" className={buttonClass} disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
    </nav>
  );
}
