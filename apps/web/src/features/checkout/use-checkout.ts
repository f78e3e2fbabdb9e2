/**
 * The checkout flow (docs/architecture.md#checkout, docs/shop-rules.md#payments): validate, place the
 * order, then pay it with the shared pay-an-existing-order hook (shop/payment/use-pay-order.ts:
 * create the gateway payment, open the provider's window, verify, go to the confirmation page).
 *
 * Nothing here uses the browser's alert: every problem is said in the checkout modal, in the spec's
 * words. A failed or cancelled payment does not cancel the order: it stays pending with its stock
 * (docs/decisions/0005-unpaid-orders-release-stock.md), the modal stays open with the reason
 * ('❌ Payment failed, your cart is safe.' or '❌ Payment was cancelled.') and Try again, which
 * pays the SAME order again (never a second one). Closing the modal leaves it awaiting payment in
 * My Orders until its `payBy`. The cart is refreshed and the selection cleared only after a
 * verified payment, or at once for an order that waits for its business's approval (its lines left the cart).
 *
 * Each checkout attempt sends one Idempotency-Key with its order: confirming again after the order
 * request got no answer reuses it (same payload), so the server never places that order twice.
 * Cash on delivery (when the server enables it) stores the payload, with its key, for /payment. A bank-transfer
 * order (when the store offers it, docs/shop-rules.md#bank-transfer) is placed and opens its page, where the buyer
 * finds the bank details and records the transfer.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BANK_MESSAGES,
  MESSAGES,
  SERVER_MESSAGES,
  type Address,
  type CartLine,
  type CheckoutConfig,
  type PaymentMode,
} from '@pumpkart/shared';
import { newIdempotencyKey, useCreateOrderMutation } from './checkout-api';
import { outcomeMessage, usePayOrder } from '../../shop/payment/use-pay-order';
import { orderPath, paths } from '../../config/paths';
import { storage } from '../../lib/storage';
import { refreshCart } from '../../shop/cart/cart-api';
import { useAppDispatch } from '../../store/hooks';
import { buildOrderPayload, checkoutErrorMessage, validateCheckout, type CustomerInfo } from './checkout-form';

export interface CheckoutInput {
  customer: CustomerInfo;
  address: Address | undefined;
  paymentMode: PaymentMode;
  /** A business person's outlet (docs/shop-rules.md#business-accounts): the server delivers to its address. */
  outletId?: string;
}

export interface UseCheckoutOptions {
  /** The selected cart lines (out-of-stock ones are dropped here too). */
  lines: readonly CartLine[];
  config: CheckoutConfig | null;
  /** Called after a verified payment, before going to the confirmation: clear the selection, close the modal. */
  onPlaced: () => void;
  /** Called before the payload is sent, with a complete address (to save a newly typed one). */
  onAddressUsed?: (address: Address) => void;
}

/** The order this checkout placed and has not been paid yet, and why its last payment did not go through. */
export interface SavedOrder {
  id: string;
  payBy: string | null;
  /** Why the last payment attempt ended without a payment; null while the first one is under way. */
  reason: string | null;
  prefill: { name: string; email: string; contact: string };
}

export function useCheckout({ lines, config, onPlaced, onAddressUsed }: UseCheckoutOptions) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createOrder] = useCreateOrderMutation();
  const { pay } = usePayOrder();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedOrder | null>(null);
  const busyRef = useRef(false);
  /** The checkout attempt whose order got no answer yet: its payload and its Idempotency-Key. */
  const attemptRef = useRef<{ payload: string; key: string } | null>(null);

  const start = () => {
    busyRef.current = true;
    setBusy(true);
  };
  const finish = useCallback(() => {
    busyRef.current = false;
    setBusy(false);
  }, []);

  /** Pays the placed order; on anything but a payment, says why and keeps it for Try again. */
  const payPlaced = useCallback(
    async (order: SavedOrder) => {
      const outcome = await pay({ orderId: order.id, prefill: order.prefill, onPaid: onPlaced });
      finish();
      if (outcome.kind === 'paid' || outcome.kind === 'busy') return;
      setSaved({ ...order, reason: outcomeMessage(outcome) });
    },
    [finish, onPlaced, pay],
  );

  const confirm = useCallback(
    async ({ customer, address, paymentMode, outletId }: CheckoutInput) => {
      if (busyRef.current) return;
      setError(null);
      const problem = validateCheckout(customer, address);
      if (problem) return setError('alert' in problem ? problem.alert : problem.error);

      const payload = { ...buildOrderPayload({ customer, address: address!, lines, paymentMode }), outletId };
      if (payload.items.length === 0 || payload.total <= 0) return setError(MESSAGES.noValidItems);
      if (!outletId) onAddressUsed?.(payload.address);

      if (paymentMode === 'cod') {
        if (!config?.codEnabled) return setError(SERVER_MESSAGES.codDisabled);
        storage.setPendingOrder({ ...payload, idempotencyKey: newIdempotencyKey() });
        return void navigate(paths.payment);
      }

      const bank = paymentMode === 'bank';
      if (bank && !config?.bankTransfer) return setError(BANK_MESSAGES.notOffered);
      if (!bank && (!window.Razorpay || !config)) return setError(MESSAGES.paymentScriptNotLoaded);
      start();

      // A new attempt, unless this is the same order again after its request went unanswered.
      const payloadText = JSON.stringify(payload);
      if (attemptRef.current?.payload !== payloadText) {
        attemptRef.current = { payload: payloadText, key: newIdempotencyKey() };
      }
      let placed: SavedOrder;
      try {
        const order = await createOrder({ order: payload, idempotencyKey: attemptRef.current.key }).unwrap();
        attemptRef.current = null;
        if (!order?._id) {
          finish();
          return setError(MESSAGES.orderNotCreated);
        }
        if (order.approvalStatus === 'pending' || bank) {
          // Not payable before the business approves it: its page says it waits (docs/shop-rules.md#business-accounts).
          // A bank-transfer order is paid from its page, which shows the bank details and records the transfer.
          // Either way its lines left the cart on the server when it was placed (docs/shop-rules.md#cart).
          finish();
          void dispatch(refreshCart());
          onPlaced();
          return void navigate(orderPath(order._id));
        }
        placed = {
          id: order._id,
          payBy: order.payBy ?? null,
          reason: null,
          prefill: { name: payload.customer.name, email: payload.customer.email, contact: payload.customer.phone },
        };
      } catch (failure) {
        setError(checkoutErrorMessage(failure));
        return finish();
      }
      setSaved(placed);
      await payPlaced(placed);
    },
    [config, createOrder, dispatch, finish, lines, navigate, onAddressUsed, onPlaced, payPlaced],
  );

  /** Try again: the same order, paid again (the server answers the same gateway order). */
  const retry = useCallback(async () => {
    if (busyRef.current || !saved) return;
    start();
    await payPlaced(saved);
  }, [payPlaced, saved]);

  return { confirm, retry, busy, error, saved };
}
