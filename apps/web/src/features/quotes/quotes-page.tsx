/** My quotes (docs/shop-rules.md#quotes): the buyer's requests and their business's, newest first, 20 a page. */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '@pumpkart/shared';
import { quotePath } from '../../config/paths';
import { EmptyState, ListSkeleton, LoadFailed } from '../../ui/page-states';
import { formatDay, QuoteStatusBadge } from '../../shop/quotes/quote-parts';
import { useGetQuotesQuery } from '../../shop/quotes/quotes-api';

export function QuotesPage() {
  const [page, setPage] = useState(1);
  const quotes = useGetQuotesQuery({ page });
  const heading = <h1 className="mb-4 text-2xl font-semibold text-slate-900">My quotes</h1>;
  if (quotes.isError && !quotes.data) {
    return (
      <div>
        {heading}
        <LoadFailed message="Your quotes could not be loaded." onRetry={() => void quotes.refetch()} />
      </div>
    );
  }
  if (!quotes.data) {
    return (
      <div>
        {heading}
        <ListSkeleton rows={2} label="Loading your quotes" />
      </div>
    );
  }
  const { data, pagination } = quotes.data;
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.limit));
  return (
    <div>
      {heading}
      {data.length === 0 ? (
        <EmptyState message="You have asked for no quotes yet. Use “Request a quote” in your cart or on a product." />
      ) : (
        <ul className="space-y-3">
          {data.map((quote) => (
            <li key={quote._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={quotePath(quote._id)} className="text-lg font-semibold text-slate-900 hover:underline">
                  Quote #{quote.number}
                </Link>
                <QuoteStatusBadge status={quote.status} />
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {quote.lineCount} {quote.lineCount === 1 ? 'item' : 'items'} · asked{' '}
                {formatDay(quote.createdAt.slice(0, 10))}
                {quote.total !== null && ` · ${formatPrice(quote.total)}`}
                {quote.validUntil && ` · valid until ${formatDay(quote.validUntil)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded border px-3 py-1 disabled:opacity-50"
          >
            Previous
          </button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className="rounded border px-3 py-1 disabled:opacity-50"
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
