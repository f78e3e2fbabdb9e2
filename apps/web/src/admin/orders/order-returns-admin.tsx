/**
 * The admin order detail's Returns (docs/shop-rules.md#returns): each return with its actions for its status:
 * Approve or Refuse (with a reason) a request, Goods received (with "Back to stock") once approved, Refund once
 * received or while a gateway refund is pending (asked first: it issues the credit note and moves the money). The
 * owner also issues debit notes here (debit-note-form.tsx). Answers refresh the list; failures are notices.
 */
import { useState } from 'react';
import { formatPrice, mayOpen, type OrderDto, type ReturnDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useAppSelector, useNotify } from '../../store/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { OrderReturnsList } from '../../shop/orders/order-returns';
import { useGetOrderReturnsQuery, useReturnStepMutation, type ReturnAction } from '../../shop/orders/returns-api';
import { DebitNoteForm } from './debit-note-form';

const button = 'rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60';
const primary = `${button} bg-brand-700 text-white hover:bg-brand-800`;
const secondary = `${button} border border-slate-300 text-slate-800 hover:bg-slate-100`;

function ReturnActions({ orderId, item, onDone }: { orderId: string; item: ReturnDto; onDone: () => void }) {
  const notify = useNotify();
  const { ask, dialog } = useConfirm();
  const [run, { isLoading }] = useReturnStepMutation();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);

  const act = async (step: ReturnAction) => {
    try {
      const answer = await run({ orderId, returnId: item._id, step }).unwrap();
      notify(answer.message ?? 'Done.', answer.message?.includes('did not') ? 'error' : 'success');
      setRefusing(false);
      onDone();
    } catch (error) {
      notify(errorMessage(error, 'The return could not be changed. Please try again.'), 'error');
    }
  };

  const refund = async () => {
    const amount = formatPrice(item.refund ?? 0);
    const confirmed = await ask({
      title: `Refund return ${item.number}?`,
      message:
        item.refundMode === 'cash'
          ? `Hand ${amount} back to the buyer in cash, then confirm: the refund is recorded and the credit note issued.`
          : `${amount} goes back through the payment gateway to the buyer's payment method, with a credit note.`,
      confirmLabel: item.refundMode === 'cash' ? 'Cash paid back' : 'Refund',
      cancelLabel: 'Not now',
    });
    if (confirmed) await act({ action: 'refund' });
  };

  if (item.status === 'requested') {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={primary}
            disabled={isLoading}
            onClick={() => void act({ action: 'approve' })}
          >
            Approve
          </button>
          <button type="button" className={secondary} disabled={isLoading} onClick={() => setRefusing(!refusing)}>
            Refuse…
          </button>
        </div>
        {refusing && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void act({ action: 'refuse', reason });
            }}
          >
            <label className="flex-1 text-sm font-medium text-slate-800">
              Reason for the buyer
              <input
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={500}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-normal"
              />
            </label>
            <button type="submit" className={secondary} disabled={isLoading}>
              Refuse return
            </button>
          </form>
        )}
      </div>
    );
  }
  if (item.status === 'approved') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          Back to stock
        </label>
        <button
          type="button"
          className={primary}
          disabled={isLoading}
          onClick={() => void act({ action: 'receive', restock })}
        >
          Goods received
        </button>
      </div>
    );
  }
  if (item.status === 'received' || item.status === 'refund_pending') {
    return (
      <>
        <button type="button" className={primary} disabled={isLoading} onClick={() => void refund()}>
          {item.status === 'refund_pending' ? 'Try the refund again' : `Refund ${formatPrice(item.refund ?? 0)}`}
        </button>
        {dialog}
      </>
    );
  }
  return null;
}

export function AdminOrderReturns({ order }: { order: OrderDto }) {
  const role = useAppSelector((state) => state.session.role);
  const query = useGetOrderReturnsQuery(order._id, { refetchOnMountOrArgChange: true });
  const data = query.data;
  const owner = mayOpen(role, 'owner');
  if (!data) return null;
  const noteable = owner && order.invoice !== null && order.status !== 'cancelled';
  if (data.returns.length === 0 && data.debitNotes.length === 0 && !noteable) return null;
  const refresh = () => void query.refetch();
  return (
    <section aria-label="Returns and notes" className="space-y-3">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Returns and notes</h3>
      {data.returns.length === 0 && <p className="text-sm text-slate-600">No returns asked for.</p>}
      <OrderReturnsList
        orderId={order._id}
        data={data}
        actions={(item) => <ReturnActions orderId={order._id} item={item} onDone={refresh} />}
      />
      {noteable && <DebitNoteForm orderId={order._id} lines={data.lines} onDone={refresh} />}
    </section>
  );
}
