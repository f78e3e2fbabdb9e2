/**
 * The admin's shipping papers of an invoiced order (docs/shop-rules.md#e-way-bills): the invoice's duplicate for the
 * transporter (CGST Rule 48(1)), which prints the e-way bill number and vehicle recorded when shipped, and, for a
 * consignment above ₹50,000 (CGST Rule 138), the e-way bill portal's bulk generation JSON of the invoice to upload
 * at ewaybillgst.gov.in. Failures are said in an on-page notice (docs/architecture.md#notifications).
 */
import { useState } from 'react';
import { ewayBillRequired, MESSAGES, toPaise, type OrderDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { saveBlob } from '../../shop/orders/order-documents';
import { useNotify } from '../../store/hooks';
import { fetchShippingFile } from './orders-api';

type ShippingFile = 'transporter-copy' | 'eway-bill';

const LABELS: Record<ShippingFile, { label: string; fallback: string; failed: string }> = {
  'transporter-copy': {
    label: MESSAGES.transporterCopy,
    fallback: 'Invoice-Transporter.pdf',
    failed: MESSAGES.transporterCopyFailed,
  },
  'eway-bill': { label: MESSAGES.ewayBillJson, fallback: 'EWB.json', failed: MESSAGES.ewayBillJsonFailed },
};

const BUTTON =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:opacity-60';

export function ShippingFiles({ order }: { order: Pick<OrderDto, '_id' | 'invoice' | 'total'> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<ShippingFile | null>(null);
  if (!order.invoice) return null;
  const files: ShippingFile[] = ewayBillRequired(toPaise(order.total))
    ? ['transporter-copy', 'eway-bill']
    : ['transporter-copy'];

  const download = async (file: ShippingFile) => {
    if (busy) return;
    setBusy(file);
    try {
      const { blob, filename } = await fetchShippingFile(order._id, file);
      saveBlob(blob, filename ?? LABELS[file].fallback);
    } catch (error) {
      notify(errorMessage(error, LABELS[file].failed), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid="shipping-files">
      {files.map((file) => (
        <button
          key={file}
          type="button"
          onClick={() => void download(file)}
          aria-disabled={busy !== null || undefined}
          className={BUTTON}
        >
          <span aria-hidden="true">⬇ </span>
          {busy === file ? MESSAGES.downloadingDocument : LABELS[file].label}
        </button>
      ))}
    </div>
  );
}
