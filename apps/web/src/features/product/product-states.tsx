/**
 * What the product view shows when it has no product to show: a loading placeholder, the server's
 * "Product not found." with a way home (never a blank page), or a failed load with Try again.
 */
import { MESSAGES, SERVER_MESSAGES } from '@pumpkart/shared';
import { Link } from 'react-router';
import { LoadFailed } from '../../ui/page-states';
import { paths } from '../../config/paths';

export function ProductNotFound() {
  return (
    <div className="py-10 text-center" data-testid="product-not-found">
      <p role="alert" className="text-lg font-semibold text-slate-900">
        {SERVER_MESSAGES.productNotFound}
      </p>
      <Link
        to={paths.home}
        className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Back to home
      </Link>
    </div>
  );
}

export function ProductLoading() {
  return (
    <div role="status" aria-live="polite" className="grid animate-pulse gap-5 sm:grid-cols-2">
      <span className="sr-only">{MESSAGES.loadingProduct}</span>
      <div aria-hidden="true" className="aspect-[4/3] w-full rounded-lg bg-slate-200" />
      <div aria-hidden="true" className="space-y-3">
        <div className="h-7 w-1/3 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
        <div className="h-20 w-full rounded bg-slate-200" />
        <div className="h-12 w-full rounded bg-slate-200" />
      </div>
    </div>
  );
}

export function ProductState({ notFound, failed, retry }: { notFound: boolean; failed: boolean; retry: () => void }) {
  if (notFound) return <ProductNotFound />;
  if (failed) return <LoadFailed message={MESSAGES.productLoadFailed} onRetry={retry} />;
  return <ProductLoading />;
}
