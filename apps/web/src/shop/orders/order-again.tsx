/**
 * "Order again" (docs/shop-rules.md#buying-again): the button of a past order (its page and My Orders) puts its lines
 * in the cart at today's prices, then a dialog says per line what was added and what changed (a price, the stock, a
 * product or size no longer sold), with a way to the cart.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, type ReorderResponse } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../store/hooks';
import { useReorderMutation } from './buy-again-api';

const STATE_TEXT = { added: 'Added', changed: 'Added, changed', skipped: 'Not added' } as const;
const STATE_CLASS = {
  added: 'bg-emerald-100 text-emerald-900',
  changed: 'bg-amber-100 text-amber-900',
  skipped: 'bg-slate-200 text-slate-800',
} as const;

export function OrderAgainButton({ orderId, label }: { orderId: string; label: string }) {
  const notify = useNotify();
  const [reorder, { isLoading }] = useReorderMutation();
  const [result, setResult] = useState<ReorderResponse | null>(null);

  const run = async () => {
    try {
      setResult(await reorder(orderId).unwrap());
    } catch (error) {
      notify(errorMessage(error, 'Could not order again. Please try again.'), 'error');
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void run()}
        disabled={isLoading}
        aria-label={label}
        className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      >
        {isLoading ? 'Adding...' : 'Order again'}
      </button>
      {result && <OrderAgainResult result={result} onClose={() => setResult(null)} />}
    </>
  );
}

function OrderAgainResult({ result, onClose }: { result: ReorderResponse; onClose: () => void }) {
  const summary =
    result.added === 0
      ? 'Nothing could be added to your cart.'
      : `${result.added} of ${result.lines.length} ${result.lines.length === 1 ? 'item' : 'items'} added to your cart at today's prices.`;
  return (
    <Modal open onClose={onClose} title="Order again" size="lg">
      <p className="mb-3 text-slate-800" role="status">
        {summary}
      </p>
      <ul
        className="divide-y divide-slate-200 rounded-lg border border-slate-200"
        aria-label="What happened to each item"
      >
        {result.lines.map((line, index) => (
          <li key={index} className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {line.title}
                {line.size ? ` (${line.size})` : ''}
              </p>
              <p className="text-sm text-slate-700">
                Ordered {line.ordered}
                {line.added > 0 && `, added ${line.added}`}
                {line.price !== null && ` at ${formatPrice(line.price)}`}
              </p>
              {line.changes.map((change) => (
                <p key={change} className="text-sm font-medium text-amber-900">
                  {change}
                </p>
              ))}
            </div>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[line.state]}`}>
              {STATE_TEXT[line.state]}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Keep shopping
        </button>
        {result.added > 0 && (
          <Link
            to={paths.cart}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Go to cart
          </Link>
        )}
      </div>
    </Modal>
  );
}
