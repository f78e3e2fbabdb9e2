/**
 * Small coloured labels for order and payment states (order colours from the shared ORDER_STATUS_COLORS; order
 * statuses in the spec's capitalised words, orderStatusLabel).
 */
import { ORDER_STATUS_COLORS, orderStatusLabel, OTHER_STATUS_COLOR } from '@pumpkart/shared';

export const orderStatusColor = (status: string) =>
  (ORDER_STATUS_COLORS as Record<string, string>)[status] ?? OTHER_STATUS_COLOR;

export function OrderStatusBadge({ status }: { status: string }) {
  const color = orderStatusColor(status);
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium text-slate-700"
      style={{ borderColor: color }}
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: color }} />
      {orderStatusLabel(status)}
    </span>
  );
}

const PAYMENT_STATUS_STYLES: Record<string, string> = {
  success: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-800',
  failed: 'bg-red-100 text-red-800',
  refunded: 'bg-slate-200 text-slate-700',
};

export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  const text = status || 'none';
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium capitalize ${PAYMENT_STATUS_STYLES[text] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {text}
    </span>
  );
}

/** 'cod' reads as COD, 'online' as Online. */
export const modeLabel = (mode: string | null | undefined) =>
  mode === 'cod' ? 'COD' : mode === 'online' ? 'Online' : mode === 'bank' ? 'Bank transfer' : mode || '—';
