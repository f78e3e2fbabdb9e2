/**
 * The admin order detail: customer, email, phone, items ('title x quantity = amount'), address, the
 * payment block, the status dropdown (enabled when the shared rule lets an admin change the status:
 * the payment succeeded and the order is not cancelled, docs/shop-rules.md#order-status) and
 * 'Mark as Paid' for a COD payment not yet successful. After each action the order is reloaded (and
 * the list, whose cache entry the change invalidates); failures show the shared MESSAGES texts as
 * on-page notices (docs/architecture.md#notifications). Cancelling asks first, in a confirm dialog
 * that says when the buyer's online payment will be refunded (docs/shop-rules.md#refunds); COD or
 * an unpaid order has no refund sentence. The buyer's business name and GSTIN show when given, and the
 * tax invoice and credit note download once issued (docs/shop-rules.md#invoices). Choosing "shipped" first
 * opens the shipment form (courier, tracking number, optional tracking URL; shipment-form.tsx) and sends the
 * change with it; the stored tracking data and delivery time show under the status, and a shipped order's
 * tracking data can be corrected (docs/shop-rules.md#order-status). Above ₹50,000 the form also asks for the e-way
 * bill, and an invoiced order offers the transporter's copy and the e-way bill JSON (shipping-files.tsx,
 * docs/shop-rules.md#e-way-bills). Moving a shipped or delivered order back to an
 * earlier status asks for a reason first (move-back-dialog.tsx); the shipment stays shown whatever the status.
 * The statuses read as the spec's lists name them (Pending, Processing, ...). The History section lists the admin changes
 * recorded for the order (ui/history.tsx, docs/shop-rules.md#audit). A bank-transfer order shows its terms and
 * transfers with Confirm and Reject (bank-transfers-admin.tsx, docs/shop-rules.md#bank-transfer).
 */
import {
  bookedForText,
  ewayBillRequired,
  isMoveBack,
  MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderDto,
  type OrderStatus,
  type ShipmentInput,
  toPaise,
} from '@pumpkart/shared';
import { useId, useState } from 'react';
import { useLazyGetOrderQuery } from '../../shop/orders/orders-api';
import { useMarkCodPaidMutation } from '../payments/payments-api';
import { useSetOrderStatusMutation } from './orders-api';
import { errorMessage } from '../../api/http';
import { useConfirm } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../store/hooks';
import { hasDocuments, OrderDocuments } from '../../shop/orders/order-documents';
import { AdminOrderReturns } from './order-returns-admin';
import { AdminBankTransfers } from './bank-transfers-admin';
import { formatDateTime, orDash, rupees, shortId } from '../lib/format';
import { modeLabel, OrderStatusBadge, PaymentStatusBadge } from '../ui/badges';
import { DetailList } from '../ui/detail-list';
import { History } from '../ui/history';
import { buyerOf, canMarkCodPaid, isPaid, mayChangeStatus, modeOf, paymentOf } from './order-view';
import { useMoveBackReason } from './move-back-dialog';
import { ShipmentDetails } from './shipment-details';
import { ShipmentForm } from './shipment-form';
import { ShippingFiles } from './shipping-files';

export interface OrderDetailModalProps {
  order: OrderDto;
  onClose: () => void;
}

export function OrderDetailModal({ order: initial, onClose }: OrderDetailModalProps) {
  const [getOrder] = useLazyGetOrderQuery();
  const [setOrderStatus] = useSetOrderStatusMutation();
  const [markCodPaid] = useMarkCodPaidMutation();
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** The shipment form is open: choosing "shipped" (or correcting the tracking data) waits for it. */
  const [shipping, setShipping] = useState(false);
  const statusId = useId();
  const notify = useNotify();
  const { ask, dialog } = useConfirm();
  const moveBack = useMoveBackReason();

  const buyer = buyerOf(order);
  const payment = paymentOf(order);
  const mode = modeOf(order);
  const address = order.address;

  const reload = async () => {
    try {
      setOrder(await getOrder(order._id).unwrap());
    } catch (error) {
      console.error('Failed to reload the order', error);
    }
  };

  /** Cancelling cannot be undone: ask, naming the refund of a paid online order. */
  const confirmCancel = async () => {
    const refund = mode === 'online' && isPaid(order);
    setConfirming(true);
    const confirmed = await ask({
      title: 'Cancel this order?',
      message: [
        MESSAGES.adminCancelOrderQuestion(shortId(order._id)),
        ...(refund ? [MESSAGES.adminCancelRefundNote(rupees(payment.amount ?? order.total))] : []),
      ].join(' '),
      confirmLabel: 'Cancel order',
      cancelLabel: 'Keep order',
      destructive: true,
    });
    setConfirming(false);
    return confirmed;
  };

  const changeStatus = async (status: OrderStatus, shipment?: ShipmentInput) => {
    if (status === 'shipped' && !shipment) {
      setShipping(true);
      return;
    }
    if (status === 'cancelled' && !(await confirmCancel())) return;
    let reason: string | undefined;
    if (isMoveBack(order.status, status)) {
      // The server refuses a move back without a reason; the admin gives it here or keeps the status.
      setConfirming(true);
      reason = (await moveBack.ask({ orderLabel: shortId(order._id), from: order.status, to: status })) ?? undefined;
      setConfirming(false);
      if (!reason) return;
    }
    setBusy(true);
    try {
      await setOrderStatus({ id: order._id, status, shipment, reason }).unwrap();
    } catch (error) {
      console.error(MESSAGES.statusUpdateFailed, error);
      // The shipment's and the reason's own refusals (e.g. a bad tracking URL) name the field: show them as they are.
      notify(
        shipment || reason ? errorMessage(error, MESSAGES.statusUpdateFailed) : MESSAGES.statusUpdateFailed,
        'error',
      );
      setBusy(false);
      return;
    }
    setShipping(false);
    await reload();
    setBusy(false);
  };

  const markPaid = async () => {
    setBusy(true);
    try {
      await markCodPaid(order._id).unwrap();
    } catch (error) {
      console.error(MESSAGES.codUpdateFailed, error);
      notify(MESSAGES.codUpdateFailed, 'error');
      setBusy(false);
      return;
    }
    await reload();
    setBusy(false);
  };

  return (
    // While the confirm dialog is open, Escape and its backdrop answer it, not this dialog.
    <Modal open onClose={() => !confirming && onClose()} title={`Order ${shortId(order._id)}`} size="lg">
      <div className="space-y-5">
        <section aria-label="Customer">
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Customer</h3>
          <DetailList
            items={[
              ['Customer', orDash(buyer.name)],
              ['Email', orDash(buyer.email)],
              ['Phone', orDash(buyer.phone)],
              ...(order.businessName ? ([['Business name', order.businessName]] as [string, string][]) : []),
              ...(order.gstin ? ([['GSTIN', order.gstin]] as [string, string][]) : []),
              ['Placed', formatDateTime(order.createdAt)],
              ['Order ID', order._id],
            ]}
          />
        </section>

        <section aria-label="Items">
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Items</h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {order.items.map((item, index) => (
              <li key={item._id || index} className="px-3 py-2">
                <span>
                  {item.title} x {item.quantity} = {rupees(item.subtotal ?? item.price * item.quantity)}
                </span>
                {item.variant?.size && <span className="ml-2 text-xs text-slate-500">Size: {item.variant.size}</span>}
                {item.serviceDate && (
                  <span className="ml-2 text-xs text-slate-500">{bookedForText(item.serviceDate)}</span>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-2 space-y-0.5 text-right text-sm">
            {typeof order.subtotal === 'number' && <p>Subtotal: {rupees(order.subtotal)}</p>}
            {typeof order.shipping === 'number' && <p>Delivery: {rupees(order.shipping)}</p>}
            <p className="font-semibold">Total: {rupees(order.total)}</p>
          </div>
        </section>

        <section aria-label="Address">
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Address</h3>
          {address ? (
            <address className="text-sm not-italic text-slate-800">
              {address.recipientName}
              {address.recipientPhone ? `, ${address.recipientPhone}` : ''}
              <br />
              {[address.line1, address.line2].filter(Boolean).join(', ')}
              <br />
              {[address.city, address.state, address.postalCode].filter(Boolean).join(', ')}
              {address.country ? `, ${address.country}` : ''}
            </address>
          ) : (
            <p className="text-sm text-slate-500">—</p>
          )}
        </section>

        <section aria-label="Payment">
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Payment</h3>
          <DetailList
            items={[
              ['Mode', modeLabel(payment.mode)],
              ['Status', <PaymentStatusBadge key="status" status={payment.status} />],
              ['Amount', rupees(payment.amount ?? order.total)],
              ...(mode === 'online' ? ([['Transaction ID', orDash(payment.transactionId)]] as [string, string][]) : []),
            ]}
          />
          {canMarkCodPaid(order) && (
            <button
              type="button"
              onClick={() => void markPaid()}
              disabled={busy}
              className="mt-3 rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
            >
              Mark as Paid
            </button>
          )}
        </section>

        {mode === 'bank' && <AdminBankTransfers order={order} onChanged={() => void reload()} />}

        {hasDocuments(order) && (
          <section aria-label="Tax documents">
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Tax documents</h3>
            <OrderDocuments order={order} variant="admin" />
            <ShippingFiles order={order} />
          </section>
        )}

        <AdminOrderReturns order={order} />

        <section aria-label="Order status" className="border-t border-slate-100 pt-4">
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor={statusId} className="text-sm font-medium text-slate-700">
              Order status
            </label>
            <select
              id={statusId}
              value={order.status}
              disabled={busy || !mayChangeStatus(order)}
              onChange={(event) => void changeStatus(event.target.value as OrderStatus)}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-500"
            >
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            <OrderStatusBadge status={order.status} />
          </div>
          {(mode === 'bank' ? !mayChangeStatus(order) && order.status !== 'cancelled' : !isPaid(order)) && (
            <p className="mt-2 text-xs text-slate-500">
              {mode === 'bank'
                ? 'The status can be changed once the advance has been received (the order may be cancelled before).'
                : 'The status can be changed once the payment has succeeded.'}
            </p>
          )}
          {shipping ? (
            <ShipmentForm
              orderLabel={shortId(order._id)}
              initial={order.shipment}
              ewayBillDue={ewayBillRequired(toPaise(order.total))}
              lines={order.items}
              busy={busy}
              onSubmit={(shipment) => void changeStatus('shipped', shipment)}
              onCancel={() => setShipping(false)}
            />
          ) : (
            (order.shipment || order.deliveredAt) && (
              <div className="mt-3">
                <ShipmentDetails order={order} />
                {order.status === 'shipped' && mayChangeStatus(order) && (
                  <button
                    type="button"
                    onClick={() => setShipping(true)}
                    disabled={busy}
                    className="mt-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
                  >
                    Correct tracking details
                  </button>
                )}
              </div>
            )
          )}
        </section>

        <History entityType="order" entityId={order._id} />
      </div>
      {dialog}
      {moveBack.dialog}
    </Modal>
  );
}
