/**
 * One order's confirmation and details at /order/<id> (docs/shop-rules.md#orders): where the buyer
 * lands after a verified payment or a cash-on-delivery order, and the page of any order of theirs.
 * It shows 'Thank you! Your order is placed.' (or, for an online order still awaiting payment,
 * that it is saved with Pay now and its pay-by time, docs/shop-rules.md#payments; for a cancelled
 * one, that it was cancelled), the order number, the items with sizes, quantities and line totals,
 * subtotal, delivery charge and total in the one price format (docs/decisions/0008-one-price-format.md),
 * the payment in words, the status, the delivery address, 'Expected by <date>' (7 business days,
 * expected-delivery.ts), the shipment's courier, tracking number and link and the delivery date
 * (shipment-tracking.tsx, docs/shop-rules.md#order-status), the tax invoice and credit note to download once
 * issued (docs/shop-rules.md#invoices), the returns of a delivered order (order-returns-section.tsx,
 * docs/shop-rules.md#returns), a bank-transfer order's "Pay by bank transfer" panel (bank-transfer-panel.tsx,
 * docs/shop-rules.md#bank-transfer), and links to My Orders and back to shopping.
 * States: a skeleton while it loads, 'Order not found.' (404) with a way back, a failure with Try again.
 */
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { MESSAGES, type OrderDto } from '@pumpkart/shared';
import { ordersApi } from '../../shop/orders/orders-api';
import { isHttpFailure } from '../../api/http';
import { EmptyState, ListSkeleton, LoadFailed } from '../../ui/page-states';
import { formatPayBy } from '../../shop/payment/pay-by';
import { outcomeMessage, usePayOrder } from '../../shop/payment/use-pay-order';
import { paths } from '../../config/paths';
import { useNotify } from '../../store/hooks';
import { hasDocuments, OrderDocuments } from '../../shop/orders/order-documents';
import { expectedDeliveryDate, formatDeliveryDate } from './expected-delivery';
import { ShipmentTracking } from './shipment-tracking';
import { OrderAgainButton } from '../../shop/orders/order-again';
import { OrderReturnsSection } from './order-returns-section';
import { BankTransferPanel } from './bank-transfer-panel';
import { BusinessOrderNote, OrderAddress, OrderItems, OrderMoney, StatusBadge } from './order-parts';
import { useAppSelector } from '../../store/hooks';
import { isAwaitingPayment, orderNumber, paymentInWords } from './order-status';

const linkClass = 'rounded-lg px-4 py-2 text-center font-semibold';
const primaryLink = `${linkClass} bg-brand-700 text-white hover:bg-brand-800`;
const secondaryLink = `${linkClass} border border-slate-300 text-slate-800 hover:bg-slate-100`;

export function OrderPage() {
  const { orderId = '' } = useParams();
  // The order as it is now, asked again on every visit (its payment may have moved on meanwhile).
  const query = ordersApi.endpoints.getOrder.useQuery(orderId, { refetchOnMountOrArgChange: true });

  if (query.isError && !query.data) {
    const notFound = isHttpFailure(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">
          {notFound ? MESSAGES.orderNotFound : 'Your order'}
        </h1>
        {notFound ? (
          <EmptyState message="It may belong to another account, or the link is mistyped.">
            <Link to={paths.orders} className={`inline-block ${primaryLink}`}>
              View My Orders
            </Link>
          </EmptyState>
        ) : (
          <LoadFailed message={MESSAGES.orderLoadFailed} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Your order</h1>
        <ListSkeleton rows={2} label={MESSAGES.loadingOrder} />
      </div>
    );
  }
  return <OrderDetails order={query.data} onChanged={() => void query.refetch()} />;
}

function OrderDetails({ order, onChanged }: { order: OrderDto; onChanged: () => void }) {
  const myEmail = useAppSelector((state) => state.session.email);
  const notify = useNotify();
  const { pay, paying, ready } = usePayOrder();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const awaiting = isAwaitingPayment(order);
  const cancelled = order.status === 'cancelled';
  const number = orderNumber(order._id);
  const heading = cancelled
    ? MESSAGES.orderWasCancelled
    : awaiting
      ? MESSAGES.orderAwaitingPayment
      : MESSAGES.orderConfirmed;
  // A bank-transfer order is not on its way before its advance is received.
  const waitingForTransfer = order.paymentMode === 'bank' && order.status === 'pending';
  const showExpected = !cancelled && !awaiting && !waitingForTransfer && order.status !== 'delivered';

  // Arriving here (after a payment, or a COD order), the reader starts at the heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, [order._id]);

  const payNow = async () => {
    const outcome = await pay({
      orderId: order._id,
      prefill: { name: order.customer.name, email: order.customer.email, contact: order.customer.phone },
    });
    const message = outcomeMessage(outcome);
    if (message) notify(message, outcome.kind === 'cancelled' ? 'info' : 'error');
    if (outcome.kind !== 'busy') onChanged();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-5" data-testid="order-confirmation">
      <header className="space-y-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
          {heading}
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-lg font-medium text-slate-800">Order #{number}</p>
          <StatusBadge order={order} />
          <span className="ml-auto">
            <OrderAgainButton orderId={order._id} label={`Order again: the items of Order #${number}`} />
          </span>
        </div>
        {showExpected && (
          <p className="font-medium text-green-800">
            {MESSAGES.expectedBy(formatDeliveryDate(expectedDeliveryDate(new Date(order.createdAt))))}
          </p>
        )}
        <ShipmentTracking order={order} />
      </header>

      {awaiting && (
        <section
          aria-label="Payment"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <p className="text-sm font-medium text-amber-900">
            {order.payBy ? MESSAGES.payBy(formatPayBy(order.payBy)) : MESSAGES.awaitingPayment}
          </p>
          <button
            type="button"
            onClick={() => void payNow()}
            disabled={paying || !ready}
            className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {paying ? MESSAGES.checkoutProcessing : MESSAGES.payNow}
          </button>
        </section>
      )}

      {order.paymentMode === 'bank' && <BankTransferPanel order={order} />}

      <section aria-labelledby="order-items-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="order-items-title" className="mb-2 text-lg font-semibold text-slate-900">
          Items
        </h2>
        <OrderItems order={order} />
        <div className="pt-3">
          <OrderMoney order={order} />
        </div>
      </section>

      {hasDocuments(order) && (
        <section
          aria-labelledby="order-documents-title"
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id="order-documents-title" className="mb-2 text-lg font-semibold text-slate-900">
            Tax invoice
          </h2>
          <OrderDocuments order={order} />
        </section>
      )}

      <OrderReturnsSection order={order} />

      <div className="grid gap-4 sm:grid-cols-2">
        <section
          aria-labelledby="order-payment-title"
          className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
        >
          <h2 id="order-payment-title" className="mb-1 text-base font-semibold text-slate-900">
            Payment
          </h2>
          <p className="text-slate-700">{paymentInWords(order)}</p>
          <BusinessOrderNote order={order} myEmail={myEmail} />
        </section>
        <section
          aria-labelledby="order-address-title"
          className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
        >
          <h2 id="order-address-title" className="mb-1 text-base font-semibold text-slate-900">
            Delivery address
          </h2>
          <OrderAddress order={order} />
        </section>
      </div>

      <nav aria-label="What next" className="flex flex-col gap-3 sm:flex-row">
        <Link to={paths.orders} className={primaryLink}>
          View My Orders
        </Link>
        <Link to={paths.home} className={secondaryLink}>
          Continue shopping
        </Link>
      </nav>
    </div>
  );
}
