/**
 * The parts of a quote both sides show (docs/shop-rules.md#quotes): its status in words, the current version's
 * priced lines and terms (with the earlier versions marked superseded), and the thread with its message box.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  formatPrice,
  quoteTermsText,
  type QuoteDetail,
  type QuoteDisplayStatus,
  type QuoteVersionDto,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';

export const QUOTE_STATUS_LABELS: Record<QuoteDisplayStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  revised: 'Revised',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const STATUS_TONES: Record<QuoteDisplayStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  quoted: 'bg-sky-100 text-sky-900',
  revised: 'bg-sky-100 text-sky-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-slate-200 text-slate-800',
  declined: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function QuoteStatusBadge({ status }: { status: QuoteDisplayStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}>
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
export const formatDay = (day: string) => dateFormat.format(new Date(`${day}T12:00:00+05:30`));

/** One version: its lines with unit prices, the delivery charge, the total, validity and terms. */
export function QuoteVersionView({ version }: { version: QuoteVersionDto }) {
  return (
    <section
      aria-label={`Version ${version.version}`}
      className={`rounded-xl border p-4 ${version.superseded ? 'border-slate-200 bg-slate-50' : 'border-brand-200 bg-white'}`}
    >
      <h3 className="mb-2 flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        Version {version.version}
        {version.superseded && <span className="text-sm font-normal text-slate-600">(superseded)</span>}
      </h3>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={`Prices of version ${version.version}`}>
        <table className="w-full min-w-[28rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Unit price
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {version.lines.map((line) => (
              <tr key={line.lineId} className="border-b border-slate-100">
                <td className="py-1 pr-2">{line.size ? `${line.title} (${line.size})` : line.title}</td>
                <td className="py-1 pr-2 text-right">{line.quantity}</td>
                <td className="py-1 pr-2 text-right">{formatPrice(line.unitPrice)}</td>
                <td className="py-1 text-right">{formatPrice(line.subtotal)}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={3} className="py-1 pr-2 text-right">
                Delivery charge
              </td>
              <td className="py-1 text-right">{formatPrice(version.shipping)}</td>
            </tr>
            <tr className="font-semibold">
              <td colSpan={3} className="py-1 pr-2 text-right">
                Total (GST included)
              </td>
              <td className="py-1 text-right" data-testid={version.superseded ? undefined : 'quote-total'}>
                {formatPrice(version.total)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">Valid until</dt>
        <dd className="font-medium text-slate-900">{formatDay(version.validUntil)}</dd>
        <dt className="text-slate-600">Payment terms</dt>
        <dd className="text-slate-900">{quoteTermsText(version.advancePercent, version.termsNote)}</dd>
        {version.notes && (
          <>
            <dt className="text-slate-600">Notes</dt>
            <dd className="whitespace-pre-line text-slate-900">{version.notes}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The thread, oldest first, and a box to write in it. */
export function QuoteThread({
  quote,
  send,
  isLoading,
}: {
  quote: QuoteDetail;
  /** Writes in the thread, as the buyer or as the back office (their own calls). */
  send: (body: string) => Promise<unknown>;
  isLoading: boolean;
}) {
  const id = useId();
  const notify = useNotify();
  const [body, setBody] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await send(body);
      setBody('');
    } catch (error) {
      notify(errorMessage(error, 'Your message could not be sent.'), 'error');
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Messages
      </h2>
      {quote.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="space-y-2">
          {quote.messages.map((message) => (
            <li
              key={message._id}
              className={`rounded-lg p-3 text-sm ${message.fromShop ? 'bg-brand-50' : 'bg-slate-100'}`}
            >
              <p className="mb-1 text-xs text-slate-700">
                <span className="font-semibold">{message.authorName}</span> ·{' '}
                {timeFormat.format(new Date(message.createdAt))}
              </p>
              <p className="whitespace-pre-line text-slate-900">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-2">
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
          Write a message
        </label>
        <textarea
          id={`${id}-body`}
          rows={3}
          maxLength={2000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <button
          type="submit"
          disabled={isLoading || !body.trim()}
          className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
        >
          Send message
        </button>
      </form>
    </section>
  );
}

/** The request's own lines and delivery, as the buyer sent them. */
export function QuoteRequestSummary({ quote }: { quote: QuoteDetail }) {
  const { address } = quote;
  return (
    <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
      <div>
        <h2 className="mb-1 font-semibold text-slate-900">Requested</h2>
        <ul className="space-y-0.5">
          {quote.lines.map((line) => (
            <li key={line._id}>
              {line.quantity} × {line.size ? `${line.title} (${line.size})` : line.title}
            </li>
          ))}
        </ul>
        {quote.notes && <p className="mt-2 whitespace-pre-line text-slate-700">Notes: {quote.notes}</p>}
      </div>
      <div>
        <h2 className="mb-1 font-semibold text-slate-900">Deliver to</h2>
        {quote.outlet && <p className="font-medium">{quote.outlet.name}</p>}
        <p>
          {address.recipientName} · {address.recipientPhone}
        </p>
        <p className="text-slate-700">
          {[address.line1, address.line2, address.city, address.state, address.postalCode].filter(Boolean).join(', ')}
        </p>
        <p className="mt-2 text-slate-700">
          {quote.customerName} · {quote.customerEmail}
          {quote.businessName ? ` · ${quote.businessName}` : ''}
          {quote.gstin ? ` · GSTIN ${quote.gstin}` : ''}
        </p>
      </div>
    </section>
  );
}
