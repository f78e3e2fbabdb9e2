/**
 * One request for quote, the buyer's page (docs/shop-rules.md#quotes): the status, the request, the shop's current
 * version (earlier ones marked superseded), the proforma's PDF, Accept (the current version, while valid: it becomes
 * an order at these prices and opens it, paid online, by bank transfer or cash on delivery as the store offers:
 * quote-payment-choice.tsx), Withdraw, and the thread.
 */
import { useState } from 'react';
import type { PaymentMode } from '@pumpkart/shared';
import { useGetPaymentsConfigQuery } from '../../shop/payment/payment-api';
import { QuotePaymentChoice } from './quote-payment-choice';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/http';
import { orderPath } from '../../config/paths';
import { saveBlob } from '../../shop/orders/order-documents';
import { useNotify } from '../../store/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { ListSkeleton, LoadFailed } from '../../ui/page-states';
import { QuoteRequestSummary, QuoteStatusBadge, QuoteThread, QuoteVersionView } from '../../shop/quotes/quote-parts';
import {
  fetchQuotePdf,
  useAcceptQuoteMutation,
  useCloseQuoteMutation,
  useGetQuoteQuery,
  useQuoteMessageMutation,
} from '../../shop/quotes/quotes-api';

export function QuotePage() {
  const { quoteId = '' } = useParams();
  const quote = useGetQuoteQuery({ id: quoteId });
  const [sendMessage, sending] = useQuoteMessageMutation();
  const [accept, accepting] = useAcceptQuoteMutation();
  const [close, closing] = useCloseQuoteMutation();
  const [downloading, setDownloading] = useState(false);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('online');
  const { data: config } = useGetPaymentsConfigQuery();
  const navigate = useNavigate();
  const notify = useNotify();
  const { ask, dialog } = useConfirm();

  if (quote.isError && !quote.data) {
    return <LoadFailed message="This quote could not be loaded." onRetry={() => void quote.refetch()} />;
  }
  const data = quote.data;
  if (!data) return <ListSkeleton rows={2} label="Loading the quote" />;
  const current = data.versions.at(-1);

  const onAccept = async () => {
    if (!current) return;
    const confirmed = await ask({
      title: 'Accept this quote',
      message: `Place an order for version ${current.version} at these prices?`,
      confirmLabel: 'Accept and order',
      cancelLabel: 'Not yet',
    });
    if (!confirmed) return;
    try {
      const answer = await accept({ id: data._id, version: current.version, paymentMode }).unwrap();
      notify(answer.message, 'success');
      void navigate(orderPath(answer.data.orderId));
    } catch (error) {
      notify(errorMessage(error, 'The quote could not be accepted.'), 'error');
      void quote.refetch();
    }
  };
  const onWithdraw = async () => {
    const confirmed = await ask({
      title: 'Withdraw the request',
      message: 'The shop will no longer price it.',
      confirmLabel: 'Withdraw',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await close({ id: data._id }).unwrap();
    } catch (error) {
      notify(errorMessage(error, 'The request could not be withdrawn.'), 'error');
    }
  };
  const onPdf = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchQuotePdf(data._id);
      saveBlob(blob, filename ?? `proforma-${data.number}.pdf`);
    } catch (error) {
      notify(errorMessage(error, 'The proforma invoice could not be downloaded.'), 'error');
    } finally {
      setDownloading(false);
    }
  };
  const open = data.status === 'requested' || data.status === 'quoted' || data.status === 'revised';

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Quote #{data.number}</h1>
        <QuoteStatusBadge status={data.status} />
      </header>
      <QuoteRequestSummary quote={data} />
      {current ? (
        <div className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">The shop’s quote</h2>
          <QuoteVersionView version={current} />
          {data.acceptable && (
            <QuotePaymentChoice
              config={config}
              value={paymentMode}
              onChange={setPaymentMode}
              advancePercent={current.advancePercent}
            />
          )}
          <div className="flex flex-wrap gap-3">
            {data.acceptable && (
              <button
                type="button"
                onClick={() => void onAccept()}
                disabled={accepting.isLoading}
                className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
              >
                Accept and place the order
              </button>
            )}
            <button
              type="button"
              onClick={() => void onPdf()}
              disabled={downloading}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50"
            >
              Download proforma invoice (PDF)
            </button>
            {data.orderId && (
              <a href={orderPath(data.orderId)} className="rounded-lg px-4 py-2 font-medium text-brand-800 underline">
                View the order
              </a>
            )}
          </div>
          {data.status === 'expired' && (
            <p className="text-sm text-slate-700">This quote has expired; write to the shop to ask for a new one.</p>
          )}
          {data.versions.length > 1 && (
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer text-sm font-medium text-slate-800">Earlier versions</summary>
              <div className="mt-3 space-y-3">
                {data.versions.slice(0, -1).map((version) => (
                  <QuoteVersionView key={version.version} version={version} />
                ))}
              </div>
            </details>
          )}
        </div>
      ) : (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The shop has your request and will price it.
        </p>
      )}
      {open && (
        <button
          type="button"
          onClick={() => void onWithdraw()}
          disabled={closing.isLoading}
          className="text-sm font-medium text-red-700 underline"
        >
          Withdraw the request
        </button>
      )}
      <QuoteThread
        quote={data}
        send={(body) => sendMessage({ id: data._id, body }).unwrap()}
        isLoading={sending.isLoading}
      />
      {dialog}
    </div>
  );
}
