/**
 * The quick order form at /quick-order (docs/shop-rules.md#buying-again): the buyer types or pastes lines
 * "SKU, quantity" (a CSV with or without its header, or cells copied from a spreadsheet), the server checks each line
 * and the table shows its state; "Add N lines to cart" adds only the valid ones (checked again as they are added).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, parseQuickOrder, type QuickOrderLine, type QuickOrderResponse } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useQuickOrderMutation } from '../../shop/orders/buy-again-api';

const STATE_TEXT = { ok: 'Ready', capped: 'Ready, fewer', refused: 'Not added' } as const;
const STATE_CLASS = {
  ok: 'bg-emerald-100 text-emerald-900',
  capped: 'bg-amber-100 text-amber-900',
  refused: 'bg-red-100 text-red-900',
} as const;

const EXAMPLE = 'SKU,Quantity\n3f6c0a1e-…,10\n9b2d4c7f-…,2';

export function QuickOrderPage() {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<QuickOrderResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const [send, { isLoading }] = useQuickOrderMutation();
  const rows = parseQuickOrder(text).length;

  const submit = async (add: boolean) => {
    setError(null);
    try {
      const answer = await send({ text, add }).unwrap();
      setChecked(answer);
      setAdded(add ? (answer.added ?? 0) : null);
    } catch (failure) {
      setChecked(null);
      setError(errorMessage(failure, 'Could not check the lines. Please try again.'));
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Quick order</h1>
        <p className="mt-1 text-slate-700">
          One line per item: its SKU and the quantity, separated by a comma or a tab. Paste cells straight from a
          spreadsheet; a header line is skipped. Each line is checked before anything reaches your cart.
        </p>
      </header>
      <form
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <label htmlFor="quick-order-lines" className="block font-medium text-slate-900">
          SKUs and quantities
        </label>
        <textarea
          id="quick-order-lines"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setChecked(null);
            setAdded(null);
          }}
          rows={8}
          spellCheck={false}
          placeholder={EXAMPLE}
          aria-describedby="quick-order-hint"
          className="w-full rounded-lg border border-slate-400 p-2 font-mono text-sm"
        />
        <p id="quick-order-hint" className="text-sm text-slate-700">
          {rows === 0 ? 'No lines yet.' : `${rows} ${rows === 1 ? 'line' : 'lines'}.`} The SKU of each size is in the
          products list your supplier sends, as in the shop's products CSV.
        </p>
        {error && (
          <p role="alert" className="font-medium text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={isLoading || rows === 0}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isLoading && !checked ? 'Checking...' : 'Check lines'}
        </button>
      </form>
      {checked && <CheckedLines checked={checked} added={added} busy={isLoading} onAdd={() => void submit(true)} />}
    </div>
  );
}

function CheckedLines({
  checked,
  added,
  busy,
  onAdd,
}: {
  checked: QuickOrderResponse;
  added: number | null;
  busy: boolean;
  onAdd: () => void;
}) {
  const refused = checked.lines.filter((line) => line.state === 'refused').length;
  return (
    <section
      aria-labelledby="quick-order-checked"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="quick-order-checked" className="text-lg font-semibold text-slate-900">
        {checked.valid} of {checked.lines.length} {checked.lines.length === 1 ? 'line' : 'lines'} can be added
        {refused > 0 && `, ${refused} cannot`}
      </h2>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Checked lines">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Line
              </th>
              <th scope="col" className="py-2 pr-3">
                Item
              </th>
              <th scope="col" className="py-2 pr-3">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-3">
                Price
              </th>
              <th scope="col" className="py-2">
                State
              </th>
            </tr>
          </thead>
          <tbody>
            {checked.lines.map((line) => (
              <CheckedLine key={line.rows.join('-')} line={line} />
            ))}
          </tbody>
        </table>
      </div>
      {added !== null ? (
        <p role="status" className="font-medium text-emerald-900">
          {added} {added === 1 ? 'line' : 'lines'} added to your cart.{' '}
          <Link to={paths.cart} className="text-brand-800 underline">
            Go to cart
          </Link>
        </p>
      ) : (
        <button
          type="button"
          onClick={onAdd}
          disabled={busy || checked.valid === 0}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Adding...' : `Add ${checked.valid} ${checked.valid === 1 ? 'line' : 'lines'} to cart`}
        </button>
      )}
    </section>
  );
}

function CheckedLine({ line }: { line: QuickOrderLine }) {
  return (
    <tr className="border-b border-slate-100 align-top">
      <td className="py-2 pr-3">{line.rows.join(', ')}</td>
      <td className="py-2 pr-3">
        <span className="font-medium text-slate-900">
          {line.title ?? <span className="break-all font-mono text-xs">{line.sku || '(empty)'}</span>}
          {line.size ? ` (${line.size})` : ''}
        </span>
        {line.message && <span className="block text-slate-800">{line.message}</span>}
      </td>
      <td className="py-2 pr-3">
        {line.quantity ?? '—'}
        {line.state === 'capped' && ` → ${line.toAdd}`}
      </td>
      <td className="py-2 pr-3">{line.price === null ? '—' : formatPrice(line.price)}</td>
      <td className="py-2">
        <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[line.state]}`}>
          {STATE_TEXT[line.state]}
        </span>
      </td>
    </tr>
  );
}
