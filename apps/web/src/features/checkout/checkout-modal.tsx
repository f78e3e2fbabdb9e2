/**
 * The checkout modal: customer info prefilled from the session (with the optional business name and
 * GSTIN of the profile; a typed GSTIN is checked with the shared GSTIN check before the order is sent and
 * its reason shows under the field, docs/decisions/0009-gst-tax-computation.md), a shipping address
 * (radio choices of the saved addresses or a newly typed one, which is saved locally for reuse), the
 * payment method (online by default; cash on delivery shown unavailable and disabled unless the
 * server enables it, docs/shop-rules.md#cod) and an order summary, amounts in the storefront's one
 * price format (docs/decisions/0008-one-price-format.md). Confirm reads 'Processing...' while busy;
 * every problem shows in the modal (role alert), never in a browser alert. Once the order is placed
 * and its payment did not go through, the modal says why, that the order is saved until its pay-by
 * time, and offers Try again for the same order (docs/shop-rules.md#payments); focus lands on Try
 * again. The flow itself lives in use-checkout.ts.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  deliveryPercent,
  formatPrice,
  keyOfLine,
  linePrice,
  MESSAGES,
  selectionTotals,
  toPaise,
  toRupees,
  type Address,
  type CartLine,
  isLineAvailable,
  type CheckoutConfig,
  type PaymentMode,
} from '@pumpkart/shared';
import { Modal } from '../../ui/modal';
import { formatPayBy } from '../../shop/payment/pay-by';
import { storage } from '../../lib/storage';
import { useAppSelector } from '../../store/hooks';
import { AddressFields } from '../../shop/address/address-fields';
import { CustomerField } from './customer-field';
import { EMPTY_ADDRESS, formatAddress } from '../../lib/address';
import {
  rememberAddress,
  savedAddressChoices,
  validateBusinessDetails,
  type BusinessErrors,
  type CustomerInfo,
} from './checkout-form';
import { useCheckout, type SavedOrder } from './use-checkout';

export interface CheckoutModalProps {
  open: boolean;
  onClose: () => void;
  /** The selected cart lines. */
  lines: readonly CartLine[];
  config: CheckoutConfig | null;
  /** After a verified payment: clear the selection. */
  onPlaced: () => void;
}

export function CheckoutModal({ open, onClose, lines, config, onPlaced }: CheckoutModalProps) {
  if (!open) return null;
  return <CheckoutForm onClose={onClose} lines={lines} config={config} onPlaced={onPlaced} />;
}

type AddressChoice = number | 'new';

function CheckoutForm({ onClose, lines, config, onPlaced }: Omit<CheckoutModalProps, 'open'>) {
  const session = useAppSelector((state) => state.session);
  const formId = useId();
  const [customer, setCustomer] = useState<CustomerInfo>(() => ({
    name: session.name ?? '',
    email: session.email ?? '',
    phone: session.phone ?? '',
    businessName: session.businessName ?? '',
    gstin: session.gstin ?? '',
  }));
  const [businessErrors, setBusinessErrors] = useState<BusinessErrors>({});
  const saved = useMemo(
    () => savedAddressChoices(session.addresses ?? [], storage.getCheckoutAddresses()),
    [session.addresses],
  );
  const [choice, setChoice] = useState<AddressChoice>(() => (saved.length > 0 ? 0 : 'new'));
  const [newAddress, setNewAddress] = useState<Address>(EMPTY_ADDRESS);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('online');
  const codEnabled = Boolean(config?.codEnabled);

  const available = useMemo(() => lines.filter(isLineAvailable), [lines]);
  const totals = useMemo(() => selectionTotals(available, new Set(available.map(keyOfLine))), [available]);

  const onAddressUsed = useCallback(
    (address: Address) => {
      if (choice === 'new') storage.setCheckoutAddresses(rememberAddress(storage.getCheckoutAddresses(), address));
    },
    [choice],
  );
  const placed = useCallback(() => {
    onPlaced();
    onClose();
  }, [onClose, onPlaced]);
  const {
    confirm,
    retry,
    busy,
    error,
    saved: placedOrder,
  } = useCheckout({
    lines: available,
    config,
    onPlaced: placed,
    onAddressUsed,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateBusinessDetails(customer);
    setBusinessErrors(problems);
    const invalid = (['businessName', 'gstin'] as const).find((name) => problems[name]);
    if (invalid) {
      document.getElementById(`${formId}-${invalid}`)?.focus();
      return;
    }
    void confirm({ customer, address: choice === 'new' ? newAddress : saved[choice], paymentMode });
  };

  const setField = (name: keyof CustomerInfo, value: string) => {
    setCustomer((previous) => ({
      ...previous,
      [name]: name === 'phone' ? value.replace(/\D/g, '').slice(0, 10) : value,
    }));
    if (name === 'businessName' || name === 'gstin') {
      setBusinessErrors((previous) => ({ ...previous, [name]: undefined }));
    }
  };
  const patchAddress = useCallback(
    (patch: Partial<Address>) => setNewAddress((previous) => ({ ...previous, ...patch })),
    [],
  );

  const sectionTitle = 'text-base font-semibold text-slate-900';
  const radioRow =
    'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

  const summary = (
    <section aria-labelledby={`${formId}-summary`} className="rounded-lg bg-slate-50 p-4">
      <h3 id={`${formId}-summary`} className={sectionTitle}>
        Order summary
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {available.map((line) => (
          <li key={keyOfLine(line)} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words">
              {line.product.title}
              {line.variant?.size ? ` (${line.variant.size})` : ''}{' '}
              <span className="whitespace-nowrap">× {line.quantity}</span>
            </span>
            <span className="shrink-0 tabular-nums">
              {formatPrice(toRupees(toPaise(linePrice(line)) * line.quantity))}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatPrice(toRupees(totals.subtotalPaise))}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery charge ({deliveryPercent(totals.subtotalPaise)}%)</dt>
          <dd className="tabular-nums">{formatPrice(toRupees(totals.shippingPaise))}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatPrice(toRupees(totals.totalPaise))}</dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-slate-600">{MESSAGES.inclusiveOfTaxes}</p>
    </section>
  );

  return (
    <Modal open onClose={busy ? () => undefined : onClose} closeOnBackdrop={!busy} title="Checkout" size="lg">
      {placedOrder?.reason ? (
        <div className="space-y-6" aria-busy={busy}>
          <SavedOrderPanel order={placedOrder} busy={busy} onRetry={() => void retry()} onClose={onClose} />
          {summary}
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-6">
          <fieldset className="space-y-3" disabled={busy}>
            <legend className={sectionTitle}>Customer information</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <CustomerField
                id={`${formId}-name`}
                label="Name"
                data-autofocus
                value={customer.name}
                onValue={(value) => setField('name', value)}
                autoComplete="name"
              />
              <CustomerField
                id={`${formId}-email`}
                label="Email"
                type="email"
                value={customer.email}
                onValue={(value) => setField('email', value)}
                autoComplete="email"
              />
              <CustomerField
                id={`${formId}-phone`}
                label="Phone"
                type="tel"
                inputMode="numeric"
                placeholder="10-digit mobile number"
                value={customer.phone}
                onValue={(value) => setField('phone', value)}
                autoComplete="tel-national"
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <CustomerField
                id={`${formId}-businessName`}
                label={MESSAGES.businessNameLabel}
                value={customer.businessName}
                onValue={(value) => setField('businessName', value)}
                autoComplete="organization"
                error={businessErrors.businessName}
              />
              <CustomerField
                id={`${formId}-gstin`}
                label={MESSAGES.gstinLabel}
                value={customer.gstin}
                onValue={(value) => setField('gstin', value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="e.g. 27AAHCP4821K1Z6"
                error={businessErrors.gstin}
                hint={MESSAGES.gstinHint}
                className="uppercase placeholder:normal-case"
              />
            </div>
          </fieldset>

          <fieldset className="space-y-3" disabled={busy}>
            <legend className={sectionTitle}>Shipping address</legend>
            {saved.map((address, index) => (
              <label key={`${index}-${address.line1}`} className={radioRow}>
                <input
                  type="radio"
                  name={`${formId}-address`}
                  checked={choice === index}
                  onChange={() => setChoice(index)}
                  className="mt-1"
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-900">
                    {address.recipientName} · {address.recipientPhone}
                  </span>
                  <span className="block break-words text-slate-600">{formatAddress(address)}</span>
                </span>
              </label>
            ))}
            <label className={radioRow}>
              <input
                type="radio"
                name={`${formId}-address`}
                checked={choice === 'new'}
                onChange={() => setChoice('new')}
                className="mt-1"
              />
              <span className="text-sm font-medium text-slate-900">Use a new address</span>
            </label>
            {choice === 'new' && (
              <div className="rounded-lg border border-slate-200 p-3">
                <AddressFields idPrefix={`${formId}-new`} value={newAddress} onChange={patchAddress} disabled={busy} />
              </div>
            )}
          </fieldset>

          <fieldset className="space-y-3" disabled={busy}>
            <legend className={sectionTitle}>Payment method</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <label className={radioRow}>
                <input
                  type="radio"
                  name={`${formId}-payment`}
                  value="online"
                  checked={paymentMode === 'online'}
                  onChange={() => setPaymentMode('online')}
                  className="mt-1"
                />
                <span className="text-sm">
                  <span className="block font-medium text-slate-900">Pay online</span>
                  <span className="block text-slate-600">Cards, UPI and net banking</span>
                </span>
              </label>
              <label className={`${radioRow} ${codEnabled ? '' : 'cursor-not-allowed opacity-60'}`}>
                <input
                  type="radio"
                  name={`${formId}-payment`}
                  value="cod"
                  checked={paymentMode === 'cod'}
                  disabled={!codEnabled}
                  onChange={() => setPaymentMode('cod')}
                  className="mt-1"
                />
                <span className="text-sm">
                  <span className="block font-medium text-slate-900">Cash on delivery</span>
                  <span className="block text-slate-600">{codEnabled ? 'Pay when it arrives' : '(unavailable)'}</span>
                </span>
              </label>
            </div>
          </fieldset>

          {summary}

          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
            >
              {busy ? MESSAGES.checkoutProcessing : 'Confirm Order'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * After a payment that did not go through: why (read out at once), that the order is kept and until
 * when it can be paid from My Orders, Close and Try again (which pays the same order).
 */
function SavedOrderPanel({
  order,
  busy,
  onRetry,
  onClose,
}: {
  order: SavedOrder;
  busy: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const retryRef = useRef<HTMLButtonElement>(null);
  const number = order.id.slice(-6);
  // When the payment window closes, focus lands here (never on the page's body).
  useEffect(() => {
    if (!busy) retryRef.current?.focus();
  }, [busy, order.reason]);

  return (
    <section aria-label="Payment" className="space-y-3" data-testid="payment-outcome">
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {order.reason}
      </p>
      <p className="text-sm text-slate-700">
        {order.payBy ? MESSAGES.orderSavedUntil(number, formatPayBy(order.payBy)) : MESSAGES.orderSaved(number)}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
        >
          Close
        </button>
        <button
          ref={retryRef}
          type="button"
          onClick={onRetry}
          disabled={busy}
          className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? MESSAGES.checkoutProcessing : MESSAGES.tryAgain}
        </button>
      </div>
    </section>
  );
}
