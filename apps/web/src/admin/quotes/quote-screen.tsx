/**
 * One quote in the back office (/admin/quotes/:quoteId, docs/shop-rules.md#quotes): the request, the answer form
 * (a GST-inclusive price per line starting from today's price or the last version's, the delivery charge, the
 * validity date, the share paid in advance and notes), the versions sent (a new one supersedes the last), Decline,
 * and the thread.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { deliveryChargePaise, indiaDateOf, toPaise, toRupees, type QuoteDetail } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useNotify } from '../../store/hooks';
import { LoadFailed } from '../../ui/page-states';
import { QuoteRequestSummary, QuoteStatusBadge, QuoteThread, QuoteVersionView } from '../../shop/quotes/quote-parts';
import {
  useAdminQuoteMessageMutation,
  useAnswerQuoteMutation,
  useDeclineQuoteMutation,
  useGetAdminQuoteQuery,
} from './admin-quotes-api';
import { LoadingText, PageHeader } from '../ui/page-header';

const INPUT = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
const DAY_MS = 86_400_000;

function AnswerForm({ quote }: { quote: QuoteDetail }) {
  const id = useId();
  const notify = useNotify();
  const [answer, { isLoading }] = useAnswerQuoteMutation();
  const last = quote.versions.at(-1);
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      quote.lines.map((line) => {
        const quoted = last?.lines.find((priced) => priced.lineId === line._id)?.unitPrice;
        return [line._id, String(quoted ?? line.currentPrice ?? '')];
      }),
    ),
  );
  const subtotal = quote.lines.reduce((sum, line) => sum + toPaise(Number(prices[line._id]) || 0) * line.quantity, 0);
  const [shipping, setShipping] = useState(() => String(last?.shipping ?? toRupees(deliveryChargePaise(subtotal))));
  const [validUntil, setValidUntil] = useState(
    () => last?.validUntil ?? indiaDateOf(new Date(Date.now() + 15 * DAY_MS)),
  );
  const [advance, setAdvance] = useState(() => String(last?.advancePercent ?? 100));
  const [termsNote, setTermsNote] = useState(last?.termsNote ?? '');
  const [notes, setNotes] = useState(last?.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const sent = await answer({
        id: quote._id,
        body: {
          lines: quote.lines.map((line) => ({ lineId: line._id, unitPrice: Number(prices[line._id]) })),
          shipping: Number(shipping),
          validUntil,
          advancePercent: Number(advance),
          termsNote,
          notes,
        },
      }).unwrap();
      notify(sent.message ?? 'Quote sent.', 'success');
    } catch (failure) {
      setError(errorMessage(failure, 'The quote could not be sent.'));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {last ? `Revise (version ${last.version + 1} replaces version ${last.version})` : 'Answer with prices'}
      </h2>
      <fieldset disabled={isLoading} className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Unit price per line (₹, GST included)</legend>
        {quote.lines.map((line) => (
          <div key={line._id} className="grid items-center gap-2 sm:grid-cols-[1fr_10rem]">
            <label htmlFor={`${id}-${line._id}`} className="text-sm">
              {line.quantity} × {line.size ? `${line.title} (${line.size})` : line.title}
              {line.currentPrice !== null && (
                <span className="block text-xs text-slate-600">Today’s price ₹{line.currentPrice}</span>
              )}
            </label>
            <input
              id={`${id}-${line._id}`}
              type="number"
              min={0}
              step="0.01"
              required
              value={prices[line._id]}
              onChange={(event) => setPrices((previous) => ({ ...previous, [line._id]: event.target.value }))}
              className={INPUT}
            />
          </div>
        ))}
      </fieldset>
      <fieldset disabled={isLoading} className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-shipping`} className="block text-sm font-medium text-slate-800">
            Delivery charge (₹)
          </label>
          <input
            id={`${id}-shipping`}
            type="number"
            min={0}
            step="0.01"
            required
            value={shipping}
            onChange={(event) => setShipping(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={`${id}-valid`} className="block text-sm font-medium text-slate-800">
            Valid until
          </label>
          <input
            id={`${id}-valid`}
            type="date"
            required
            value={validUntil}
            onChange={(event) => setValidUntil(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={`${id}-advance`} className="block text-sm font-medium text-slate-800">
            Advance (% of the total)
          </label>
          <input
            id={`${id}-advance`}
            type="number"
            min={0}
            max={100}
            step={1}
            required
            value={advance}
            onChange={(event) => setAdvance(event.target.value)}
            className={INPUT}
          />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-terms`} className="block text-sm font-medium text-slate-800">
            Payment terms note
          </label>
          <input
            id={`${id}-terms`}
            maxLength={500}
            value={termsNote}
            onChange={(event) => setTermsNote(event.target.value)}
            className={INPUT}
          />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-slate-800">
            Notes for the buyer
          </label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            className={INPUT}
          />
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={isLoading}
        className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {last ? 'Send the revised quote' : 'Send the quote'}
      </button>
    </form>
  );
}

export function AdminQuoteScreen() {
  const { quoteId = '' } = useParams();
  const quote = useGetAdminQuoteQuery({ id: quoteId });
  const [close, closing] = useDeclineQuoteMutation();
  const [sendMessage, sending] = useAdminQuoteMessageMutation();
  const notify = useNotify();
  if (quote.isError && !quote.data) {
    return <LoadFailed message="Could not load the quote." onRetry={() => void quote.refetch()} />;
  }
  const data = quote.data;
  if (!data) return <LoadingText text="Loading the quote..." />;
  const open = data.status !== 'accepted' && data.status !== 'declined' && data.status !== 'cancelled';
  const decline = async () => {
    try {
      await close({ id: data._id }).unwrap();
    } catch (error) {
      notify(errorMessage(error, 'The quote could not be declined.'), 'error');
    }
  };
  return (
    <div className="space-y-5">
      <Link to={paths.admin.quotes} className="text-sm font-medium text-brand-700 underline">
        ← All quotes
      </Link>
      <PageHeader title={`Quote #${data.number}`} />
      <div className="-mt-3 flex flex-wrap items-center gap-3">
        <QuoteStatusBadge status={data.status} />
        {data.orderId && <span className="text-sm">Order #{data.orderId.slice(-6)}</span>}
      </div>
      <QuoteRequestSummary quote={data} />
      {open && <AnswerForm key={data.versions.length} quote={data} />}
      {data.versions
        .slice()
        .reverse()
        .map((version) => (
          <QuoteVersionView key={version.version} version={version} />
        ))}
      {open && (
        <button
          type="button"
          onClick={() => void decline()}
          disabled={closing.isLoading}
          className="text-sm font-medium text-red-700 underline"
        >
          Decline the request
        </button>
      )}
      <QuoteThread
        quote={data}
        send={(body) => sendMessage({ id: data._id, body }).unwrap()}
        isLoading={sending.isLoading}
      />
    </div>
  );
}
