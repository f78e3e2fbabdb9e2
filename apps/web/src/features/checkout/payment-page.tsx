/**
 * The payment-processing page (docs/shop-rules.md#cod): reads the stored pending order (a cash on
 * delivery checkout), posts it with the Idempotency-Key stored beside it (so a reload while the
 * request is under way cannot place it twice), clears it, refreshes the cart and goes to the
 * order's confirmation page (/order/<id>) with the notice 'Order placed successfully'.
 * With nothing stored it says 'No pending order found' and goes to /cart; a failure says 'Failed to
 * create order after payment.' with the server's reason, and leaves the cart as it was.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, type CreateOrderBody } from '@pumpkart/shared';
import { refreshCart } from '../../shop/cart/cart-api';
import { useCreateOrderMutation } from './checkout-api';
import { errorMessage } from '../../api/http';
import { orderPath, paths } from '../../config/paths';
import { storage } from '../../lib/storage';
import { useAppDispatch, useNotify } from '../../store/hooks';

/** How long the 'No pending order found' text stays before going to the cart (2 s). */
export const NO_PENDING_ORDER_DELAY_MS = 2000;

type State = { kind: 'processing' } | { kind: 'none' } | { kind: 'failed'; reason: string | null };

export function PaymentPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const [createOrder] = useCreateOrderMutation();
  const [pending] = useState(() => storage.getPendingOrder<CreateOrderBody & { idempotencyKey?: string }>());
  const [state, setState] = useState<State>(() => (pending ? { kind: 'processing' } : { kind: 'none' }));
  // React's development double-run of effects must not post the order twice.
  const started = useRef(false);

  useEffect(() => {
    if (!pending || started.current) return;
    started.current = true;
    const { idempotencyKey, ...body } = pending;
    createOrder({ order: body, idempotencyKey })
      .unwrap()
      .then(async (order) => {
        if (!order?._id) throw new Error('The server answered without an order.');
        storage.setPendingOrder(null);
        await dispatch(refreshCart());
        notify(MESSAGES.orderPlaced, 'success');
        void navigate(orderPath(order._id), { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Creating the pending order failed', error);
        // The stored payload is spent either way: the buyer checks out again from the cart.
        storage.setPendingOrder(null);
        const reason = errorMessage(error, '');
        setState({ kind: 'failed', reason: reason || null });
      });
  }, [createOrder, dispatch, navigate, notify, pending]);

  useEffect(() => {
    if (state.kind !== 'none') return;
    const timer = setTimeout(() => void navigate(paths.cart, { replace: true }), NO_PENDING_ORDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Processing your order</h1>
      {state.kind === 'processing' && (
        <p role="status" className="mt-4 text-slate-600">
          Placing your order, please wait…
        </p>
      )}
      {state.kind === 'none' && (
        <p role="status" className="mt-4 text-slate-700">
          {MESSAGES.noPendingOrder}
        </p>
      )}
      {state.kind === 'failed' && (
        <div role="alert" className="mt-4 text-red-600">
          <p className="font-medium">{MESSAGES.orderAfterPaymentFailed}</p>
          {state.reason && <p className="mt-1 text-sm">{state.reason}</p>}
        </div>
      )}
      {state.kind !== 'processing' && (
        <Link
          to={paths.cart}
          className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Back to cart
        </Link>
      )}
    </div>
  );
}
