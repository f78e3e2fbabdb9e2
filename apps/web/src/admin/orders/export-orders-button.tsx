/**
 * The Orders page's Export CSV (docs/shop-rules.md#orders-csv): the orders of the filters on screen, cash on
 * delivery and online (in the to-ship view, the queue's), one row per order line, newest first, fetched with the bearer token and saved as the
 * invoices are (components/order-documents.tsx saveBlob). It says "Preparing…" while the file comes, and a
 * failure in an error notice.
 */
import { MESSAGES, type AdminOrderView } from '@pumpkart/shared';
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { fetchOrdersCsv } from './orders-api';
import { saveBlob } from '../../shop/orders/order-documents';
import { useNotify } from '../../store/hooks';
import { ordersExportQuery, type OrderFilters } from './orders-list-state';

export const EXPORT_ORDERS_HINT = 'The orders of these filters, COD and online, one row per line';

export function ExportOrdersButton({ filters, view = '' }: { filters: OrderFilters; view?: AdminOrderView | '' }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const exportOrders = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, filename } = await fetchOrdersCsv(ordersExportQuery(filters, view));
      saveBlob(blob, filename ?? 'orders.csv');
    } catch (error) {
      console.error('Failed to export the orders', error);
      notify(errorMessage(error, MESSAGES.ordersExportFailed), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void exportOrders()}
      title={EXPORT_ORDERS_HINT}
      // Only aria-disabled while the file comes, so focus stays on the button.
      aria-disabled={busy || undefined}
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:opacity-60"
    >
      <span aria-hidden="true">⬇ </span>
      {busy ? MESSAGES.preparingFile : MESSAGES.exportCsv}
    </button>
  );
}
