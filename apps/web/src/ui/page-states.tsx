/**
 * The honest states of a page that loads something (cart, orders, favorites): a skeleton while it
 * loads, a failure that says so and offers to try again (never an empty state for a failure), and
 * an empty state with a way back to shopping.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** A failed load: the message, read out at once, and a Try again button. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="py-10 text-center" data-testid="load-failed">
      <p role="alert" className="text-red-700">
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
      >
        Try again
      </button>
    </div>
  );
}

/** Nothing to show: the message and a link back to shopping (or another action). */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="py-10 text-center" data-testid="empty-state">
      <p className="text-slate-600">{message}</p>
      <div className="mt-4">
        {children ?? (
          <Link
            to={paths.home}
            className="inline-block rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
          >
            Continue shopping
          </Link>
        )}
      </div>
    </div>
  );
}

/** Grey rows in the shape of a list of cards, while it loads; `label` is read out instead. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="list-skeleton">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="space-y-4">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="flex animate-pulse gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="h-16 w-16 shrink-0 rounded-lg bg-slate-200" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-2/3 rounded bg-slate-200" />
              <div className="h-3 w-1/3 rounded bg-slate-200" />
              <div className="h-3 w-1/2 rounded bg-slate-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
