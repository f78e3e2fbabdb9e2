/** The profile form's saved addresses: each one's fields (a 6-digit postal code fills city and state), add and remove. */
import type { Address } from '@pumpkart/shared';
import { AddressFields } from '../../shop/address/address-fields';
import { MAX_SAVED_ADDRESSES, type ProfileErrors } from './profile-form';

export function SavedAddressesFieldset({
  formId,
  addresses,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  formId: string;
  addresses: readonly Address[];
  errors: ProfileErrors['addresses'];
  onChange: (index: number, patch: Partial<Address>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Saved addresses</legend>
      {addresses.length === 0 && <p className="text-sm text-slate-600">No saved addresses yet.</p>}
      {addresses.map((address, index) => (
        <div key={index} className="rounded-lg border border-slate-200 p-3 sm:p-4">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-slate-800">Address {index + 1}</h3>
            <button
              type="button"
              onClick={() => onRemove(index)}
              className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
              aria-label={`Remove address ${index + 1}`}
            >
              Remove
            </button>
          </div>
          <AddressFields
            idPrefix={`${formId}-address-${index}`}
            value={address}
            onChange={(patch) => onChange(index, patch)}
            errors={errors[index]}
          />
        </div>
      ))}
      <button
        type="button"
        onClick={onAdd}
        disabled={addresses.length >= MAX_SAVED_ADDRESSES}
        className="rounded-lg border border-dashed border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
      >
        + Add address
      </button>
    </fieldset>
  );
}
