/**
 * The checkout form's three parts: the customer's details (with the optional business name and GSTIN of the
 * profile, docs/decisions/0009-gst-tax-computation.md), the shipping address (a saved one or a new one) and the
 * payment method (cash on delivery only when the server offers it, docs/shop-rules.md#cod; bank transfer only when
 * the owner entered the store's bank details, docs/shop-rules.md#bank-transfer).
 */
import { MESSAGES, type Address, type CheckoutConfig, type PaymentMode } from '@pumpkart/shared';
import { BankDetailsList } from '../../shop/payment/bank-parts';
import { formatAddress } from '../../lib/address';
import { AddressFields } from '../../shop/address/address-fields';
import type { BusinessErrors, CustomerInfo } from './checkout-form';
import { CustomerField } from './customer-field';

export const SECTION_TITLE = 'text-base font-semibold text-slate-900';
export const RADIO_ROW =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

/** A saved address (its index in the list) or a newly typed one. */
export type AddressChoice = number | 'new';

export function CustomerFieldset({
  formId,
  busy,
  customer,
  businessErrors,
  setField,
}: {
  formId: string;
  busy: boolean;
  customer: CustomerInfo;
  businessErrors: BusinessErrors;
  setField: (name: keyof CustomerInfo, value: string) => void;
}) {
  return (
    <fieldset className="space-y-3" disabled={busy}>
      <legend className={SECTION_TITLE}>Customer information</legend>
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
  );
}

export function AddressFieldset({
  formId,
  busy,
  saved,
  choice,
  setChoice,
  newAddress,
  patchAddress,
}: {
  formId: string;
  busy: boolean;
  saved: readonly Address[];
  choice: AddressChoice;
  setChoice: (choice: AddressChoice) => void;
  newAddress: Address;
  patchAddress: (patch: Partial<Address>) => void;
}) {
  return (
    <fieldset className="space-y-3" disabled={busy}>
      <legend className={SECTION_TITLE}>Shipping address</legend>
      {saved.map((address, index) => (
        <label key={`${index}-${address.line1}`} className={RADIO_ROW}>
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
      <label className={RADIO_ROW}>
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
  );
}

export function PaymentFieldset({
  formId,
  busy,
  paymentMode,
  setPaymentMode,
  codEnabled,
  bankTransfer = null,
}: {
  formId: string;
  busy: boolean;
  paymentMode: PaymentMode;
  setPaymentMode: (mode: PaymentMode) => void;
  codEnabled: boolean;
  /** The store's bank details when bank transfer is offered (GET /api/payments/config), else null. */
  bankTransfer?: CheckoutConfig['bankTransfer'];
}) {
  return (
    <fieldset className="space-y-3" disabled={busy}>
      <legend className={SECTION_TITLE}>Payment method</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={RADIO_ROW}>
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
        <label className={`${RADIO_ROW} ${codEnabled ? '' : 'cursor-not-allowed opacity-60'}`}>
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
        {bankTransfer && (
          <label className={RADIO_ROW}>
            <input
              type="radio"
              name={`${formId}-payment`}
              value="bank"
              checked={paymentMode === 'bank'}
              onChange={() => setPaymentMode('bank')}
              className="mt-1"
            />
            <span className="text-sm">
              <span className="block font-medium text-slate-900">{BANK_TRANSFER_LABEL}</span>
              <span className="block text-slate-600">Transfer from your bank to the shop’s account</span>
            </span>
          </label>
        )}
      </div>
      {bankTransfer && paymentMode === 'bank' && (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm text-slate-800">{BANK_TRANSFER_NOTE}</p>
          <BankDetailsList bank={bankTransfer} />
        </div>
      )}
    </fieldset>
  );
}

export const BANK_TRANSFER_LABEL = 'Bank transfer (NEFT/RTGS/IMPS)';
export const BANK_TRANSFER_NOTE =
  'Your order waits for your transfer: pay the total to this account, then record the UTR on the order’s page. ' +
  'The shop processes the order once the money arrives.';
