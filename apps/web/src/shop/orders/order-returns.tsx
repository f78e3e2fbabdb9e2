/**
 * An order's returns as both sides read them (docs/shop-rules.md#returns): each return's number, status, units,
 * reason, photos, the refund and its delivery share once received, the refusal's reason, and its credit note to
 * download; the order's debit notes below. The admin passes `actions` to put its buttons under each return.
 */
import type { ReactNode } from 'react';
import { formatPrice, RETURN_STATUS_LABELS, type NoteRef, type OrderReturns, type ReturnDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { saveBlob } from './order-documents';
import { fetchNoteDocument } from './returns-api';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const dateOf = (iso: string) => dateFormat.format(new Date(iso));

const STATUS_STYLE: Record<ReturnDto['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-slate-200 text-slate-800',
  received: 'bg-indigo-100 text-indigo-900',
  refund_pending: 'bg-amber-100 text-amber-900',
  refunded: 'bg-green-100 text-green-900',
};

function NoteButton({ orderId, note, label }: { orderId: string; note: NoteRef; label: string }) {
  const notify = useNotify();
  const download = async () => {
    try {
      const { blob, filename } = await fetchNoteDocument(orderId, note._id);
      saveBlob(blob, filename ?? `${note.number.replace(/\//g, '-')}.pdf`);
    } catch (error) {
      notify(errorMessage(error, 'The document could not be downloaded. Please try again.'), 'error');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void download()}
      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
    >
      {`${label} ${note.number}`}
      <span className="text-slate-500">{` · ${dateOf(note.issuedAt)}`}</span>
    </button>
  );
}

function ReturnCard({ orderId, item, actions }: { orderId: string; item: ReturnDto; actions?: ReactNode }) {
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="order-return">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{`Return ${item.number}`}</h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[item.status]}`}>
          {RETURN_STATUS_LABELS[item.status]}
        </span>
        <span className="text-xs text-slate-500">{`asked ${dateOf(item.requestedAt)}`}</span>
      </div>
      <ul className="text-sm text-slate-800">
        {item.lines.map((line) => (
          <li key={line.orderItemId}>
            {`${line.quantity} × ${line.title}${line.size ? ` (${line.size})` : ''}`}
            <span className="text-slate-500">{` · ${formatPrice(line.unitPrice)} each`}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        <span className="font-medium">Reason: </span>
        {item.reason}
      </p>
      {item.photos.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {item.photos.map((photo, index) => (
            <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
              <img
                src={photo.url}
                alt={`Photo ${index + 1} of return ${item.number}`}
                className="h-16 w-16 rounded border border-slate-200 object-cover"
              />
            </a>
          ))}
        </div>
      )}
      {item.refusalReason && (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Refused: </span>
          {item.refusalReason}
        </p>
      )}
      {item.refund !== null && (
        <p className="text-sm text-slate-800">
          <span className="font-medium">Refund: </span>
          {`${formatPrice(item.refund)} (delivery share ${formatPrice(item.deliveryShare ?? 0)}), `}
          {item.refundMode === 'cash' ? 'in cash' : 'to the original payment method'}
          {item.restocked !== null && (
            <span className="text-slate-500">{item.restocked ? ' · restocked' : ' · not restocked'}</span>
          )}
          {item.refundId && <span className="text-slate-500">{` · ref. ${item.refundId}`}</span>}
        </p>
      )}
      {item.status === 'refund_pending' && item.refundError && item.refundError !== 'refund_in_progress' && (
        <p className="text-sm text-red-700">{`The gateway has not refunded it yet: ${item.refundError}`}</p>
      )}
      {item.creditNote && <NoteButton orderId={orderId} note={item.creditNote} label="Credit note" />}
      {actions}
    </li>
  );
}

export function OrderReturnsList({
  orderId,
  data,
  actions,
}: {
  orderId: string;
  data: OrderReturns;
  actions?: (item: ReturnDto) => ReactNode;
}) {
  if (data.returns.length === 0 && data.debitNotes.length === 0) return null;
  return (
    <div className="space-y-3">
      {data.returns.length > 0 && (
        <ul className="space-y-3">
          {data.returns.map((item) => (
            <ReturnCard key={item._id} orderId={orderId} item={item} actions={actions?.(item)} />
          ))}
        </ul>
      )}
      {data.debitNotes.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {data.debitNotes.map((note) => (
            <NoteButton key={note._id} orderId={orderId} note={note} label="Debit note" />
          ))}
        </div>
      )}
    </div>
  );
}
