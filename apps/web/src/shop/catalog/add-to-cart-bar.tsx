/**
 * The buying controls under a product's details (product-modal.tsx): Add to Cart (or Request a quote for a product
 * sold on request), the quote link, and the status line that reads out what a click did. On a phone the bar stays
 * in view at the bottom. A busy button is only aria-disabled, so focus stays on it.
 */
import type { ReactNode } from 'react';

/** Where the details are shown: in the modal (it scrolls) or as the phone's page (the window scrolls). */
export type DetailsPlacement = 'modal' | 'page';

const STICKY_CLASS: Record<DetailsPlacement, string> = {
  // The modal's body has 20 px of padding a side: the bar spans it.
  modal:
    'sticky bottom-0 z-[1] -mx-5 border-t border-slate-200 bg-white px-5 pb-3 pt-3 sm:static sm:mx-0 sm:border-0 sm:p-0',
  // The page's bar leaves room below for the test-mode strip fixed to the window's bottom.
  page: 'sticky bottom-0 z-[1] -mx-3 border-t border-slate-200 bg-white px-3 pb-9 pt-3 sm:static sm:mx-0 sm:border-0 sm:p-0',
};

export function AddToCartBar({
  placement,
  onRequest,
  buttonLabel,
  looksDisabled,
  busy,
  onAdd,
  onRequestQuote,
  status,
}: {
  placement: DetailsPlacement;
  /** Sold on request: the one button asks for a quote. */
  onRequest: boolean;
  buttonLabel: string;
  /** Greyed out (out of stock for a logged-in buyer), yet still clickable to explain itself. */
  looksDisabled: boolean;
  /** Saving or just added: clicks are ignored. */
  busy: boolean;
  onAdd: () => void;
  onRequestQuote: () => void;
  /** The status line's content. */
  status: ReactNode;
}) {
  return (
    <div className={STICKY_CLASS[placement]} data-testid="add-to-cart-bar">
      {onRequest ? (
        <button
          type="button"
          onClick={onRequestQuote}
          className="mt-1 w-full rounded-lg bg-accent-500 px-4 py-3 font-semibold text-slate-900 hover:bg-amber-400"
        >
          Request a quote
        </button>
      ) : (
        <>
          <button
            type="button"
            onClick={onAdd}
            aria-disabled={looksDisabled || busy || undefined}
            className={`mt-1 w-full rounded-lg px-4 py-3 font-semibold aria-disabled:cursor-not-allowed ${
              looksDisabled
                ? 'bg-slate-300 text-slate-800'
                : busy
                  ? 'bg-amber-200 text-slate-900'
                  : 'bg-accent-500 text-slate-900 hover:bg-amber-400'
            }`}
          >
            {buttonLabel}
          </button>
          <button
            type="button"
            onClick={onRequestQuote}
            className="mt-2 w-full text-sm font-medium text-brand-800 underline"
          >
            Buying in quantity? Request a quote
          </button>
        </>
      )}

      <div className="mt-2 min-h-6 space-y-1 text-sm" aria-live="polite" role="status">
        {status}
      </div>
    </div>
  );
}
