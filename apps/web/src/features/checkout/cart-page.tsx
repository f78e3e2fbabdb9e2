/**
 * The cart page (docs/shop-rules.md#cart): the item list and the Order Summary side by side
 * (stacked on a phone). Lines are selected for checkout (out-of-stock lines cannot be); only the
 * selected in-stock lines count towards the totals and go into the checkout modal. The selection
 * is local UI state: every in-stock line starts selected (a buyer usually checks out the whole cart)
 * and can be unticked; it is cleared after a verified payment. Cart failures show the stored error
 * in red. Honest states (ui/page-states.tsx): a skeleton while the cart loads, a failure with
 * Try again (never 'Your cart is empty' for a failure), and the empty cart with Continue shopping.
 * While a payment window is open the cart is locked, with a short note why (docs/shop-rules.md#payments).
 */
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { isLineAvailable, keyOfLine, MESSAGES, selectionTotals, type CartLine } from '@pumpkart/shared';
import { useGetCartQuery, useRemoveFromCartMutation, useUpdateCartItemMutation } from '../../shop/cart/cart-api';
import { EmptyState, ListSkeleton, LoadFailed } from '../../ui/page-states';
import { usePaymentWindowOpen } from '../../shop/payment/payment-window-state';
import { useAppSelector } from '../../store/hooks';
import { CheckoutModal } from './checkout-modal';
import { usePaymentScript } from '../../shop/payment/use-payment-script';
import { CartLineRow } from './cart-line';
import type { CartNoticeState } from '../../shop/cart/cart-notice';
import { OrderSummary } from './order-summary';
import { RequestQuoteDialog } from './request-quote-dialog';

/** Either every in-stock line except `keys`, or only `keys`. */
interface Selection {
  allExcept: boolean;
  keys: ReadonlySet<string>;
}
const ALL_SELECTED: Selection = { allExcept: true, keys: new Set() };
const NONE_SELECTED: Selection = { allExcept: false, keys: new Set() };
const NO_LINES: CartLine[] = [];

export function CartPage() {
  const { data: items = NO_LINES, isFetching, isUninitialized, isError, refetch } = useGetCartQuery();
  const locked = usePaymentWindowOpen();
  const error = useAppSelector((state) => state.cart.error);
  const [updateCartItem] = useUpdateCartItemMutation();
  const [removeFromCart] = useRemoveFromCartMutation();
  const { config, loaded } = usePaymentScript();
  const [selection, setSelection] = useState<Selection>(ALL_SELECTED);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const notice = (useLocation().state as CartNoticeState | null)?.notice;

  const availableKeys = useMemo(() => new Set(items.filter(isLineAvailable).map(keyOfLine)), [items]);
  // Lines that left the cart or went out of stock drop out of the selection by themselves.
  const selected = useMemo(
    () =>
      new Set(
        [...availableKeys].filter((key) => (selection.allExcept ? !selection.keys.has(key) : selection.keys.has(key))),
      ),
    [selection, availableKeys],
  );
  const selectedLines = useMemo(() => items.filter((line) => selected.has(keyOfLine(line))), [items, selected]);
  const totals = useMemo(() => selectionTotals(items, selected), [items, selected]);

  // In both modes a tick flips the line's membership of `keys`.
  const toggle = (key: string) =>
    setSelection((previous) => {
      const keys = new Set(previous.keys);
      if (keys.has(key)) keys.delete(key);
      else keys.add(key);
      return { allExcept: previous.allExcept, keys };
    });
  const allSelected = availableKeys.size > 0 && selected.size === availableKeys.size;
  const toggleAll = () => setSelection(allSelected ? NONE_SELECTED : ALL_SELECTED);
  const clearSelection = useCallback(() => setSelection(NONE_SELECTED), []);
  const closeCheckout = useCallback(() => setCheckoutOpen(false), []);

  if (items.length === 0 && (isFetching || isUninitialized)) {
    return (
      <div>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Shopping Cart</h1>
        <ListSkeleton rows={2} label={MESSAGES.loadingCart} />
      </div>
    );
  }
  if (items.length === 0 && isError) {
    return (
      <div>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Shopping Cart</h1>
        <LoadFailed message={MESSAGES.cartLoadFailed} onRetry={() => void refetch()} />
      </div>
    );
  }

  const errorText = error && (
    <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-600">
      {error}
    </p>
  );

  if (items.length === 0) {
    return (
      <div>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Shopping Cart</h1>
        {errorText}
        <EmptyState message={MESSAGES.emptyCart} />
        <p className="mt-3 text-center">
          <Link to={paths.quickOrder} className="font-medium text-brand-800 underline">
            Quick order: add items by SKU
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">Shopping Cart</h1>
        <Link to={paths.quickOrder} className="font-medium text-brand-800 underline">
          Quick order: add items by SKU
        </Link>
      </div>
      {errorText}
      <div role="status" aria-live="polite">
        {notice && <p className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">{notice}</p>}
        {locked && (
          <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {MESSAGES.cartLockedWhilePaying}
          </p>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="cart-items-title" className="min-w-0">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="cart-items-title" className="text-lg font-semibold text-slate-900">
              Items ({items.length})
            </h2>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                checked={allSelected}
                disabled={locked || availableKeys.size === 0}
                onChange={toggleAll}
                className="h-5 w-5 accent-brand-700"
              />
              Select all
            </label>
          </div>
          <ul className="space-y-3">
            {items.map((line) => {
              const key = keyOfLine(line);
              const variantId = line.variantId ?? line.variant?._id ?? null;
              return (
                <CartLineRow
                  key={key}
                  line={line}
                  selected={selected.has(key)}
                  onToggle={() => toggle(key)}
                  onQuantity={(quantity) => void updateCartItem({ productId: line.product._id, variantId, quantity })}
                  onRemove={() => void removeFromCart({ productId: line.product._id, variantId })}
                  onServiceDate={(serviceDate) =>
                    void updateCartItem({
                      productId: line.product._id,
                      variantId,
                      quantity: line.quantity,
                      serviceDate,
                    })
                  }
                  locked={locked}
                />
              );
            })}
          </ul>
        </section>
        <OrderSummary
          totals={totals}
          selectedCount={selected.size}
          scriptLoaded={loaded}
          onCheckout={() => setCheckoutOpen(true)}
          locked={locked}
        />
      </div>
      <p className="mt-4 text-sm text-slate-700">
        Buying in quantity or for a business?{' '}
        <button
          type="button"
          onClick={() => setQuoting(true)}
          disabled={locked}
          className="font-semibold text-brand-800 underline disabled:opacity-50"
        >
          Request a quote for this cart
        </button>
      </p>
      {quoting && (
        <RequestQuoteDialog
          lines={items.map((line) => ({
            productId: line.product._id,
            variantId: line.variantId ?? line.variant?._id ?? null,
            title: line.product.title,
            size: line.variant?.size ?? null,
            quantity: line.quantity,
          }))}
          onClose={() => setQuoting(false)}
        />
      )}
      <CheckoutModal
        open={checkoutOpen}
        onClose={closeCheckout}
        lines={selectedLines}
        config={config}
        onPlaced={clearSelection}
      />
    </div>
  );
}
