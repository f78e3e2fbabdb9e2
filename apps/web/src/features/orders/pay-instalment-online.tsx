/**
 * "Pay ₹X online" for a bank-terms order (docs/shop-rules.md#bank-transfer): the buyer pays the amount due now (the
 * advance still missing, else the balance) through the payment window instead of a bank transfer. The server charges
 * what it computes as due now (`amountDue` only labels the button); its capture counts at once, no confirmation by the
 * shop. The window opens, as the order's Pay now does, through usePayOrder.
 */
import { BANK_MESSAGES, formatPrice, MESSAGES, type OrderDto } from '@pumpkart/shared';
import { useNotify } from '../../store/hooks';
import { outcomeMessage, usePayOrder } from '../../shop/payment/use-pay-order';

export interface PayInstalmentOnlineProps {
  order: Pick<OrderDto, '_id' | 'customer'>;
  /** The amount due now in rupees (GET /api/payments/bank/orders/{id} `dueNow`); nothing is shown when 0. */
  amountDue: number;
  /** After the window closed, paid or not (refetch the terms and transfers). */
  onDone?: () => void;
}

export function PayInstalmentOnline({ order, amountDue, onDone }: PayInstalmentOnlineProps) {
  const notify = useNotify();
  const { pay, paying, ready } = usePayOrder();
  if (amountDue <= 0) return null;

  const payOnline = async () => {
    const outcome = await pay({
      orderId: order._id,
      prefill: { name: order.customer.name, email: order.customer.email, contact: order.customer.phone },
      instalment: { successMessage: BANK_MESSAGES.paidOnline },
    });
    const message = outcomeMessage(outcome);
    if (message) notify(message, outcome.kind === 'cancelled' ? 'info' : 'error');
    if (outcome.kind !== 'busy') onDone?.();
  };

  return (
    <button
      type="button"
      onClick={() => void payOnline()}
      disabled={paying || !ready}
      className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
    >
      {paying ? MESSAGES.checkoutProcessing : `Pay ${formatPrice(amountDue)} online`}
    </button>
  );
}
