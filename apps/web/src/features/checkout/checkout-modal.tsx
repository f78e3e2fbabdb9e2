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
 * again. A GSTIN registered in another state than the delivery address brings a warning before payment
 * (bill-to-ship-to-notice.tsx). The flow itself lives in use-checkout.ts; the form's parts in checkout-fieldsets.tsx,
 * checkout-summary.tsx and saved-order-panel.tsx. A business person picks one of the business's outlets instead of an
 * address, and a viewer is told they cannot order (checkout-outlets.tsx, docs/shop-rules.md#business-accounts).
 */
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import {
  keyOfLine,
  MESSAGES,
  selectionTotals,
  type Address,
  type CartLine,
  isLineAvailable,
  type CheckoutConfig,
  type PaymentMode,
} from '@pumpkart/shared';
import { Modal } from '../../ui/modal';
import { storage } from '../../lib/storage';
import { useAppSelector } from '../../store/hooks';
import { EMPTY_ADDRESS } from '../../lib/address';
import { AddressFieldset, CustomerFieldset, PaymentFieldset, type AddressChoice } from './checkout-fieldsets';
import {
  rememberAddress,
  savedAddressChoices,
  validateBusinessDetails,
  type BusinessErrors,
  type CustomerInfo,
} from './checkout-form';
import { BillToShipToNotice } from './bill-to-ship-to-notice';
import { CheckoutSummary } from './checkout-summary';
import { SavedOrderPanel } from './saved-order-panel';
import { useCheckout } from './use-checkout';
import { useGetMyBusinessQuery } from '../../shop/business/business-api';
import { OutletFieldset, ViewerNotice } from './checkout-outlets';

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
  // A business person orders to an outlet (docs/shop-rules.md#business-accounts); anyone else (or while it loads,
  // or if it fails) sees the consumer's address choice, and the server still refuses an order without an outlet.
  const { data: business } = useGetMyBusinessQuery();
  // A /book link's outlet starts chosen (features/book); one no longer of the business falls back to the first.
  const [pickedOutlet, setOutletId] = useState<string | undefined>(() => storage.getCheckoutOutlet() ?? undefined);
  const outlet = business?.outlets.find((one) => one._id === pickedOutlet) ?? business?.outlets[0];

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
    if (business) return void confirm({ customer, address: outlet?.address, paymentMode, outletId: outlet?._id });
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

  return (
    <Modal open onClose={busy ? () => undefined : onClose} closeOnBackdrop={!busy} title="Checkout" size="lg">
      {business?.role === 'viewer' ? (
        <ViewerNotice onClose={onClose} />
      ) : placedOrder?.reason ? (
        <div className="space-y-6" aria-busy={busy}>
          <SavedOrderPanel order={placedOrder} busy={busy} onRetry={() => void retry()} onClose={onClose} />
          <CheckoutSummary lines={available} totals={totals} formId={formId} />
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-6">
          <CustomerFieldset
            formId={formId}
            busy={busy}
            customer={customer}
            businessErrors={businessErrors}
            setField={setField}
          />

          {business ? (
            <OutletFieldset
              formId={formId}
              busy={busy}
              outlets={business.outlets}
              outletId={outlet?._id}
              setOutletId={setOutletId}
            />
          ) : (
            <AddressFieldset
              formId={formId}
              busy={busy}
              saved={saved}
              choice={choice}
              setChoice={setChoice}
              newAddress={newAddress}
              patchAddress={patchAddress}
            />
          )}

          <BillToShipToNotice
            gstin={customer.gstin}
            deliveryState={business ? outlet?.address.state : (choice === 'new' ? newAddress : saved[choice])?.state}
          />

          <PaymentFieldset
            formId={formId}
            busy={busy}
            paymentMode={paymentMode}
            setPaymentMode={setPaymentMode}
            codEnabled={codEnabled}
            bankTransfer={config?.bankTransfer ?? null}
          />

          <CheckoutSummary lines={available} totals={totals} formId={formId} />

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
