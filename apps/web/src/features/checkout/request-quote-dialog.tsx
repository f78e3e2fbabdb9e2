/**
 * "Request a quote" (docs/shop-rules.md#quotes), from the cart (every line) or a product (one line): the units of
 * each line, who asks (the checkout's customer fields), where to deliver (a saved or new address, as at checkout; a
 * business person picks one of the business's outlets with checkout's own outlet picker, and a viewer is told no,
 * docs/shop-rules.md#business-accounts) and notes. Sent, it opens the quote's page; a refusal is said in the dialog.
 */
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BUSINESS_MESSAGES, MAX_LINE_QUANTITY, type Address } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { quotePath } from '../../config/paths';
import { EMPTY_ADDRESS, isAddressIncomplete, trimAddress } from '../../lib/address';
import { storage } from '../../lib/storage';
import { useAppSelector, useNotify } from '../../store/hooks';
import { Modal } from '../../ui/modal';
import { AddressFieldset, CustomerFieldset, SECTION_TITLE, type AddressChoice } from './checkout-fieldsets';
import { savedAddressChoices, validateBusinessDetails, type BusinessErrors, type CustomerInfo } from './checkout-form';
import { useRequestQuoteMutation } from '../../shop/quotes/quotes-api';
import { useGetMyBusinessQuery } from '../../shop/business/business-api';
import { OutletFieldset, ViewerNotice } from './checkout-outlets';

export interface QuoteLineDraft {
  productId: string;
  variantId: string | null;
  title: string;
  size: string | null;
  quantity: number;
}

export function RequestQuoteDialog({ lines, onClose }: { lines: QuoteLineDraft[]; onClose: () => void }) {
  const session = useAppSelector((state) => state.session);
  const formId = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const [requestQuote, { isLoading: busy }] = useRequestQuoteMutation();
  const [quantities, setQuantities] = useState(() => lines.map((line) => String(line.quantity)));
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
  const [notes, setNotes] = useState('');
  // As at checkout: a business person asks for delivery to one of the business's outlets.
  const { data: business } = useGetMyBusinessQuery();
  const [pickedOutlet, setOutletId] = useState<string>();
  const outlet = business?.outlets.find((one) => one._id === pickedOutlet) ?? business?.outlets[0];
  const [error, setError] = useState<string | null>(null);
  const patchAddress = useCallback(
    (patch: Partial<Address>) => setNewAddress((previous) => ({ ...previous, ...patch })),
    [],
  );
  const setField = (name: keyof CustomerInfo, value: string) => {
    setCustomer((previous) => ({
      ...previous,
      [name]: name === 'phone' ? value.replace(/\D/g, '').slice(0, 10) : value,
    }));
    if (name === 'businessName' || name === 'gstin')
      setBusinessErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateBusinessDetails(customer);
    setBusinessErrors(problems);
    if (problems.businessName || problems.gstin) return;
    const units = quantities.map(Number);
    if (units.some((unit) => !Number.isInteger(unit) || unit < 1 || unit > MAX_LINE_QUANTITY)) {
      setError(`Each quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
      return;
    }
    const address = choice === 'new' ? newAddress : saved[choice];
    if (business && !outlet) {
      setError(BUSINESS_MESSAGES.outletRequired);
      return;
    }
    if (!business && (!address || isAddressIncomplete(address))) {
      setError('Fill in the delivery address.');
      return;
    }
    setError(null);
    try {
      const answer = await requestQuote({
        lines: lines.map((line, index) => ({
          product: line.productId,
          variantId: line.variantId,
          quantity: units[index]!,
        })),
        customer: {
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          businessName: customer.businessName || undefined,
          gstin: customer.gstin || undefined,
        },
        ...(business ? { outletId: outlet!._id } : { address: trimAddress(address!) }),
        notes,
      }).unwrap();
      notify(answer.message ?? 'Your request has been sent to the shop.', 'success');
      onClose();
      void navigate(quotePath(answer.data._id));
    } catch (failure) {
      setError(errorMessage(failure, 'Your request could not be sent. Please try again.'));
    }
  };

  return (
    <Modal open onClose={busy ? () => undefined : onClose} closeOnBackdrop={!busy} title="Request a quote" size="lg">
      {business?.role === 'viewer' ? (
        <ViewerNotice onClose={onClose} message={BUSINESS_MESSAGES.viewerCannotAskQuote} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="space-y-6">
          <fieldset className="space-y-2" disabled={busy}>
            <legend className={SECTION_TITLE}>What you need</legend>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {lines.map((line, index) => (
                <li key={`${line.productId}-${line.variantId}`} className="flex items-center justify-between gap-3 p-3">
                  <label htmlFor={`${formId}-qty-${index}`} className="min-w-0 text-sm font-medium text-slate-900">
                    {line.size ? `${line.title} (${line.size})` : line.title}
                  </label>
                  <input
                    id={`${formId}-qty-${index}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    value={quantities[index]}
                    onChange={(event) =>
                      setQuantities((previous) =>
                        previous.map((value, at) => (at === index ? event.target.value : value)),
                      )
                    }
                    className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-right"
                    aria-label={`Quantity of ${line.title}`}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
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
          <div className="space-y-1">
            <label htmlFor={`${formId}-notes`} className={SECTION_TITLE}>
              Notes for the shop
            </label>
            <textarea
              id={`${formId}-notes`}
              value={notes}
              maxLength={2000}
              rows={3}
              disabled={busy}
              onChange={(event) => setNotes(event.target.value)}
              placeholder="Delivery timing, installation, brand preferences…"
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
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
              {busy ? 'Sending…' : 'Send request'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
