/**
 * Pays an order that already exists (docs/shop-rules.md#payments): the checkout after placing it,
 * and the Pay now of My Orders and of the order confirmation, for the same order, the same amount
 * and the same stock. It asks the server for the gateway order (POST /api/payments/create answers
 * the same gateway order again for the same pending order), opens the provider's window and, once
 * paid, verifies the payment, refreshes the cart, shows '✅ Payment successful & order placed!' and
 * goes to the order's confirmation page.
 *
 * While the window is open the page behind it is inert (page-inert.ts) and the payment-window flag locks the cart; both are undone when the window closes, and focus goes back
 * to the control that opened it (the caller may then move it, e.g. to Try again).
 *
 * A closed window never cancels the order: it stays pending with its stock until it is paid,
 * cancelled by the buyer, or expired (docs/decisions/0005-unpaid-orders-release-stock.md). The
 * outcome tells the caller what to say: cancelled, failed (the last attempt failed), verification
 * failed, or an error that stopped the window from opening.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, orderNumber, type CreatePaymentResponse } from '@pumpkart/shared';
import { refreshCart } from '../cart/cart-api';
import { useCreateInstalmentPaymentMutation, useCreatePaymentMutation, useVerifyPaymentMutation } from './payment-api';
import { orderPath } from '../../config/paths';
import { useAppDispatch, useNotify } from '../../store/hooks';
import { makePageInert } from './page-inert';
import { checkoutErrorMessage } from './payment-errors';
import { setPaymentWindowOpen } from './payment-window-state';
import type { RazorpaySuccessResponse } from './razorpay';
import { usePaymentScript } from './use-payment-script';

export type PayOutcome =
  | { kind: 'paid' }
  | { kind: 'cancelled' }
  | { kind: 'failed' }
  | { kind: 'verifyFailed' }
  | { kind: 'error'; message: string }
  /** Another payment is already under way: nothing was done. */
  | { kind: 'busy' };

export interface PayOrderRequest {
  orderId: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /** After a verified payment, before the page moves to the confirmation (close a dialog, clear a selection). */
  onPaid?: () => void;
  /**
   * Pay the amount due now on a bank-terms order (an instalment: POST /api/payments/bank/orders/{id}/online)
   * instead of the order's whole online payment; said after it with `successMessage`.
   */
  instalment?: { successMessage: string };
}

/** The text that says why the window closed without a payment, or null after a payment. */
export function outcomeMessage(outcome: PayOutcome): string | null {
  switch (outcome.kind) {
    case 'cancelled':
      return MESSAGES.paymentCancelled;
    case 'failed':
      return MESSAGES.paymentFailed;
    case 'verifyFailed':
      return MESSAGES.paymentVerificationFailed;
    case 'error':
      return outcome.message;
    default:
      return null;
  }
}

export function usePayOrder() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const { config, loaded } = usePaymentScript();
  const [createPayment] = useCreatePaymentMutation();
  const [createInstalmentPayment] = useCreateInstalmentPaymentMutation();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [paying, setPaying] = useState(false);
  const payingRef = useRef(false);
  /** Closes the open window and gives the page back; set while a window is open. */
  const abandonRef = useRef<(() => void) | null>(null);

  // Leaving the page while the window is open closes it and gives the page back (the order stays).
  useEffect(() => () => abandonRef.current?.(), []);

  const pay = useCallback(
    async ({ orderId, prefill, onPaid, instalment }: PayOrderRequest): Promise<PayOutcome> => {
      if (payingRef.current) return { kind: 'busy' };
      const Razorpay = window.Razorpay;
      if (!Razorpay || !config) return { kind: 'error', message: MESSAGES.paymentScriptNotLoaded };
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      payingRef.current = true;
      setPaying(true);
      const done = (outcome: PayOutcome) => {
        payingRef.current = false;
        setPaying(false);
        return outcome;
      };

      let payment: CreatePaymentResponse;
      try {
        payment = await (instalment ? createInstalmentPayment : createPayment)(orderId).unwrap();
      } catch (failure) {
        return done({ kind: 'error', message: checkoutErrorMessage(failure) });
      }
      if (!payment?.rzpOrderId) return done({ kind: 'error', message: MESSAGES.checkoutFailed });

      const outcome = await new Promise<PayOutcome>((resolve) => {
        let undoInert: (() => void) | null = null;
        let closed = false;
        let lastAttemptFailed = false;
        // Once: the page behind comes back, the cart unlocks, focus returns to the opener.
        const windowClosed = () => {
          if (closed) return false;
          closed = true;
          abandonRef.current = null;
          undoInert?.();
          setPaymentWindowOpen(false);
          const focus = document.activeElement;
          if ((!focus || focus === document.body) && opener?.isConnected) opener.focus();
          return true;
        };

        const onPaid = async (response: RazorpaySuccessResponse) => {
          if (!windowClosed()) return;
          try {
            await verifyPayment({
              razorpay_order_id: response.razorpay_order_id,
              razorpay_payment_id: response.razorpay_payment_id,
              razorpay_signature: response.razorpay_signature,
              orderId,
            }).unwrap();
          } catch (failure) {
            console.error('Payment verification failed', failure);
            return resolve({ kind: 'verifyFailed' });
          }
          resolve({ kind: 'paid' });
        };

        try {
          const paymentWindow = new Razorpay({
            key: payment.key || config.key,
            amount: payment.amount,
            currency: payment.currency || config.currency,
            name: config.shopName,
            description: `Order #${orderNumber(orderId)}`,
            order_id: payment.rzpOrderId,
            handler: (response) => void onPaid(response),
            prefill,
            notes: { orderId },
            theme: { color: config.themeColor },
            modal: {
              ondismiss: () => {
                if (windowClosed()) resolve({ kind: lastAttemptFailed ? 'failed' : 'cancelled' });
              },
            },
          });
          // A failed attempt leaves the provider's window open: the buyer may still pay in it.
          paymentWindow.on('payment.failed', (response) => {
            lastAttemptFailed = true;
            console.warn('Payment failed', response?.error);
          });
          setPaymentWindowOpen(true);
          undoInert = makePageInert();
          abandonRef.current = () => {
            if (!windowClosed()) return;
            paymentWindow.close?.();
            resolve({ kind: 'cancelled' });
          };
          paymentWindow.open();
        } catch (failure) {
          console.error('The payment window could not be opened', failure);
          windowClosed();
          resolve({ kind: 'error', message: checkoutErrorMessage(failure) });
        }
      });

      done(outcome);
      if (outcome.kind === 'paid') {
        onPaid?.();
        // The refreshed cart arrives after the page has moved on, so the cart never flashes empty.
        void dispatch(refreshCart());
        notify(instalment?.successMessage ?? MESSAGES.paymentSucceeded, 'success');
        void navigate(orderPath(orderId));
      }
      return outcome;
    },
    [config, createInstalmentPayment, createPayment, dispatch, navigate, notify, verifyPayment],
  );

  return { pay, paying, ready: loaded && Boolean(config) };
}
