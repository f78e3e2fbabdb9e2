/**
 * The checkout flow (docs/architecture.md#checkout): validate, create the order, create the
 * payment, open the provider's window, then verify. The cart is refreshed and the selection cleared
 * only after a verified payment; on dismissal, failure or any error the cart is left as it was.
 * A failed payment leaves the provider's window open, as the buyer may try again in it (the order
 * stays pending with its stock). A dismissed window cancels the just-created pending order at once
 * (silently), so its reserved stock returns without waiting for the server's expiry sweeper, and
 * says the payment failed when the last attempt had failed, else that it was cancelled.
 * Each checkout attempt sends one Idempotency-Key with its order: confirming again after the order
 * request got no answer reuses it (same payload), so the server never places that order twice.
 * Cash on delivery (when the server enables it) stores the payload, with its key, for /payment.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MESSAGES,
  SERVER_MESSAGES,
  type Address,
  type CartLine,
  type CheckoutConfig,
  type CreatePaymentResponse,
  type PaymentMode,
} from '@pumpkart/shared';
import {
  newIdempotencyKey,
  refreshCart,
  useCancelOrderMutation,
  useCreateOrderMutation,
  useCreatePaymentMutation,
  useVerifyPaymentMutation,
} from '../../api/shop-api';
import { paths } from '../../config/paths';
import { storage } from '../../lib/storage';
import { useAppDispatch } from '../../store/hooks';
import { buildOrderPayload, checkoutErrorMessage, validateCheckout, type CustomerInfo } from './checkout-form';
import type { RazorpaySuccessResponse } from './razorpay';

export interface CheckoutInput {
  customer: CustomerInfo;
  address: Address | undefined;
  paymentMode: PaymentMode;
}

export interface UseCheckoutOptions {
  /** The selected cart lines (out-of-stock ones are dropped here too). */
  lines: readonly CartLine[];
  config: CheckoutConfig | null;
  /** Called after a verified payment, before going to My Orders: clear the selection, close the modal. */
  onPlaced: () => void;
  /** Called before the payload is sent, with a complete address (to save a newly typed one). */
  onAddressUsed?: (address: Address) => void;
}

export function useCheckout({ lines, config, onPlaced, onAddressUsed }: UseCheckoutOptions) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createOrder] = useCreateOrderMutation();
  const [createPayment] = useCreatePaymentMutation();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);
  /** The checkout attempt whose order got no answer yet: its payload and its Idempotency-Key. */
  const attemptRef = useRef<{ payload: string; key: string } | null>(null);

  const cancelSilently = useCallback(
    (orderId: string) => {
      cancelOrder(orderId)
        .unwrap()
        .catch((error: unknown) => console.warn('Could not cancel the unpaid order', error));
    },
    [cancelOrder],
  );

  const finish = useCallback(() => {
    busyRef.current = false;
    setBusy(false);
  }, []);

  const confirm = useCallback(
    async ({ customer, address, paymentMode }: CheckoutInput) => {
      if (busyRef.current) return;
      setError(null);
      const problem = validateCheckout(customer, address);
      if (problem && 'alert' in problem) return window.alert(problem.alert);
      if (problem) return setError(problem.error);

      const payload = buildOrderPayload({ customer, address: address!, lines, paymentMode });
      if (payload.items.length === 0 || payload.total <= 0) return window.alert(MESSAGES.noValidItems);
      onAddressUsed?.(payload.address);

      if (paymentMode === 'cod') {
        if (!config?.codEnabled) return setError(SERVER_MESSAGES.codDisabled);
        storage.setPendingOrder({ ...payload, idempotencyKey: newIdempotencyKey() });
        return void navigate(paths.payment);
      }

      const Razorpay = window.Razorpay;
      if (!Razorpay || !config) return window.alert(MESSAGES.paymentScriptNotLoaded);

      busyRef.current = true;
      setBusy(true);

      // A new attempt, unless this is the same order again after its request went unanswered.
      const payloadText = JSON.stringify(payload);
      if (attemptRef.current?.payload !== payloadText) {
        attemptRef.current = { payload: payloadText, key: newIdempotencyKey() };
      }
      let orderId: string;
      try {
        const order = await createOrder({ order: payload, idempotencyKey: attemptRef.current.key }).unwrap();
        attemptRef.current = null;
        if (!order?._id) {
          finish();
          return window.alert(MESSAGES.orderNotCreated);
        }
        orderId = order._id;
      } catch (failure) {
        setError(checkoutErrorMessage(failure));
        return finish();
      }

      let payment: CreatePaymentResponse;
      try {
        payment = await createPayment(orderId).unwrap();
      } catch (failure) {
        cancelSilently(orderId);
        setError(checkoutErrorMessage(failure));
        return finish();
      }
      if (!payment?.rzpOrderId) {
        cancelSilently(orderId);
        finish();
        return window.alert(MESSAGES.checkoutFailed);
      }

      // Once the buyer has paid or closed the window, nothing more is said. A failed attempt keeps
      // the window open: the buyer may still pay, or close it (then the failure is what is said).
      let outcome: 'open' | 'paid' | 'dismissed' = 'open';
      let lastAttemptFailed = false;

      const onPaid = async (response: RazorpaySuccessResponse) => {
        outcome = 'paid';
        try {
          await verifyPayment({
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
            orderId,
          }).unwrap();
        } catch (failure) {
          console.error('Payment verification failed', failure);
          finish();
          return window.alert(MESSAGES.paymentVerificationFailed);
        }
        finish();
        onPlaced();
        // The refreshed cart arrives after the page has moved on, so the cart page never flashes
        // 'Your cart is empty' behind the success message.
        void dispatch(refreshCart());
        window.alert(MESSAGES.paymentSucceeded);
        void navigate(paths.orders);
      };

      try {
        const paymentWindow = new Razorpay({
          key: payment.key || config.key,
          amount: payment.amount,
          currency: payment.currency || config.currency,
          name: config.shopName,
          description: `Order #${orderId.slice(-6)}`,
          order_id: payment.rzpOrderId,
          handler: (response) => void onPaid(response),
          prefill: { name: payload.customer.name, email: payload.customer.email, contact: payload.customer.phone },
          notes: { orderId },
          theme: { color: config.themeColor },
          modal: {
            ondismiss: () => {
              if (outcome !== 'open') return;
              outcome = 'dismissed';
              // The unpaid order gives its stock back now (and no longer counts against the buyer).
              cancelSilently(orderId);
              finish();
              window.alert(lastAttemptFailed ? MESSAGES.paymentFailed : MESSAGES.paymentCancelled);
            },
          },
        });
        paymentWindow.on('payment.failed', (response) => {
          if (outcome !== 'open') return;
          lastAttemptFailed = true;
          console.warn('Payment failed', response?.error);
        });
        paymentWindow.open();
      } catch (failure) {
        console.error('The payment window could not be opened', failure);
        cancelSilently(orderId);
        setError(checkoutErrorMessage(failure));
        finish();
      }
    },
    [
      cancelSilently,
      config,
      createOrder,
      createPayment,
      dispatch,
      finish,
      lines,
      navigate,
      onAddressUsed,
      onPlaced,
      verifyPayment,
    ],
  );

  return { confirm, busy, error };
}
