/**
 * The admin payment detail: order id, customer name and email, phone, mode,
 * status, amount, date, and for an online payment the transaction id, the payment provider's order
 * id, payment id and signature.
 */
import type { PaymentDto } from '@pumpkart/shared';
import type { ReactNode } from 'react';
import { Modal } from '../../ui/modal';
import { formatDateTime, orDash, rupees } from '../lib/format';
import { modeLabel, PaymentStatusBadge } from '../ui/badges';
import { DetailList } from '../ui/detail-list';
import { paymentCustomer } from './payment-view';

export function PaymentDetailModal({ payment, onClose }: { payment: PaymentDto; onClose: () => void }) {
  const customer = paymentCustomer(payment);
  const items: [string, ReactNode][] = [
    ['Order ID', orDash(payment.orderId ?? payment.order?._id)],
    ['Customer', orDash(customer.name)],
    ['Email', orDash(customer.email)],
    ['Phone', orDash(customer.phone)],
    ['Mode', modeLabel(payment.mode)],
    ['Status', <PaymentStatusBadge status={payment.status} />],
    ['Amount', rupees(payment.amount)],
    ['Date', formatDateTime(payment.createdAt)],
  ];
  if (payment.mode === 'online') {
    items.push(
      ['Transaction ID', orDash(payment.transactionId)],
      ['Provider Order ID', orDash(payment.razorpayOrderId)],
      ['Payment ID', orDash(payment.razorpayPaymentId)],
      ['Signature', <span className="font-mono text-xs">{orDash(payment.signature)}</span>],
    );
  }
  return (
    <Modal open onClose={onClose} title="Payment Details" size="md">
      <DetailList items={items} />
    </Modal>
  );
}
