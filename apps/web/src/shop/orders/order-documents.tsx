/**
 * The order's tax documents (docs/shop-rules.md#invoices): "Download invoice" once its invoice is issued and
 * "Download credit note" once a cancellation issued one, each with the document's number and date. The PDF
 * is fetched with the bearer token (orders-api.ts fetchOrderDocument) and saved through an object URL
 * under the server's file name; a failure is said in an on-page notice (docs/architecture.md#notifications).
 * Used by My Orders, the order's page and the admin's order detail.
 */
import { useState } from 'react';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { fetchOrderDocument, type OrderDocumentKind } from './orders-api';
import { useNotify } from '../../store/hooks';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

const TEXT: Record<OrderDocumentKind, { label: string; failed: string; name: string; file: string }> = {
  invoice: {
    label: MESSAGES.downloadInvoice,
    failed: MESSAGES.invoiceDownloadFailed,
    name: 'Invoice',
    file: 'Invoice',
  },
  'credit-note': {
    label: MESSAGES.downloadCreditNote,
    failed: MESSAGES.creditNoteDownloadFailed,
    name: 'Credit note',
    file: 'Credit-Note',
  },
};

/** The file name when the answer names none: 'Invoice-PK-26-27-000123.pdf'. */
export const fallbackFilename = (kind: OrderDocumentKind, number: string) =>
  `${TEXT[kind].file}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** Saves a Blob as a file: a temporary link to its object URL, clicked once. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download; the URL is let go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads one tax document of an order; says so in a notice when it fails. */
export function useDocumentDownload() {
  const notify = useNotify();
  const [busy, setBusy] = useState<OrderDocumentKind | null>(null);

  const download = async (orderId: string, kind: OrderDocumentKind, number: string) => {
    if (busy) return;
    setBusy(kind);
    try {
      const { blob, filename } = await fetchOrderDocument(orderId, kind);
      saveBlob(blob, filename ?? fallbackFilename(kind, number));
    } catch (error) {
      console.error(`Failed to download the ${TEXT[kind].name.toLowerCase()}`, error);
      notify(errorMessage(error, TEXT[kind].failed), 'error');
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}

/** Whether the order has a tax document to download. */
export const hasDocuments = (order: Pick<OrderDto, 'invoice' | 'creditNote'>) =>
  Boolean(order.invoice || order.creditNote);

export interface OrderDocumentsProps {
  order: Pick<OrderDto, '_id' | 'invoice' | 'creditNote'>;
  /** The buttons' style: the storefront's or the admin's. */
  variant?: 'storefront' | 'admin';
}

/** Nothing until a document is issued; then one line per document with its download button. */
export function OrderDocuments({ order, variant = 'storefront' }: OrderDocumentsProps) {
  const { download, busy } = useDocumentDownload();
  const documents = (
    [
      ['invoice', order.invoice],
      ['credit-note', order.creditNote],
    ] as const
  ).filter((entry): entry is [OrderDocumentKind, NonNullable<OrderDto['invoice']>] => entry[1] !== null);
  if (documents.length === 0) return null;

  const button =
    variant === 'admin'
      ? 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:opacity-60'
      : 'rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:opacity-60';

  return (
    <ul className="space-y-2" aria-label="Tax documents" data-testid="order-documents">
      {documents.map(([kind, document]) => (
        <li key={kind} className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 text-sm text-slate-700">
            <span className="font-medium text-slate-900">{TEXT[kind].name}</span>{' '}
            <span className="break-all font-mono">{document.number}</span>
            <span className="text-slate-600">
              {' · '}
              <time dateTime={document.issuedAt}>{dateFormat.format(new Date(document.issuedAt))}</time>
            </span>
          </p>
          <button
            type="button"
            onClick={() => void download(order._id, kind, document.number)}
            // Only aria-disabled while a download runs, so focus stays on the button.
            aria-disabled={busy !== null || undefined}
            aria-label={`${TEXT[kind].label} ${document.number}`}
            className={button}
          >
            <span aria-hidden="true">⬇ </span>
            {busy === kind ? MESSAGES.downloadingDocument : TEXT[kind].label}
          </button>
        </li>
      ))}
    </ul>
  );
}
