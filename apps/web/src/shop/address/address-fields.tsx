/**
 * The fields of one address (docs/shop-rules.md#validation): recipient name and phone, two lines,
 * city, state, postal code and country. Typing a 6-digit postal code fills city, state and country
 * (India) from the server's offline postal lookup; a failed lookup is only logged. Used by the
 * checkout modal's new address and by the profile's saved addresses.
 */
import { useEffect, useRef } from 'react';
import { sanitizePhoneInput, type Address } from '@pumpkart/shared';
import { useLazyLookupPincodeQuery } from './pincode-api';

export type AddressErrors = Partial<Record<keyof Address, string>>;

export interface AddressFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  value: Address;
  /** Receives only the changed fields; the parent merges them into its latest state. */
  onChange: (patch: Partial<Address>) => void;
  errors?: AddressErrors;
  disabled?: boolean;
}

const FIELDS: { name: keyof Address; label: string; autoComplete: string; wide?: boolean; placeholder?: string }[] = [
  { name: 'recipientName', label: 'Recipient name', autoComplete: 'shipping name' },
  {
    name: 'recipientPhone',
    label: 'Recipient phone',
    autoComplete: 'shipping tel-national',
    placeholder: '10-digit mobile number',
  },
  { name: 'line1', label: 'Address line 1', autoComplete: 'shipping address-line1', wide: true },
  { name: 'line2', label: 'Address line 2 (optional)', autoComplete: 'shipping address-line2', wide: true },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'shipping postal-code', placeholder: '6-digit PIN code' },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { name: 'country', label: 'Country', autoComplete: 'shipping country-name' },
];

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-500';

export function AddressFields({ idPrefix, value, onChange, errors = {}, disabled }: AddressFieldsProps) {
  const [lookupPincode] = useLazyLookupPincodeQuery();
  const latestCode = useRef(value.postalCode);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const lookUp = (code: string) => {
    latestCode.current = code;
    if (code.length !== 6) return;
    lookupPincode(code)
      .unwrap()
      .then((place) => {
        if (place && latestCode.current === code) {
          onChangeRef.current({ city: place.city, state: place.state, country: 'India' });
        }
      })
      .catch((error: unknown) => console.error('Postal code lookup failed', error));
  };

  const change = (name: keyof Address, raw: string) => {
    if (name === 'recipientPhone') return onChange({ recipientPhone: sanitizePhoneInput(raw) });
    if (name === 'postalCode') {
      const code = digits(raw, 6);
      onChange({ postalCode: code });
      return lookUp(code);
    }
    onChange({ [name]: raw });
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {FIELDS.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = errors[field.name];
        const numeric = field.name === 'recipientPhone' || field.name === 'postalCode';
        return (
          <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              {field.label}
            </label>
            <input
              id={id}
              name={field.name}
              value={value[field.name] ?? ''}
              onChange={(event) => change(field.name, event.target.value)}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              inputMode={numeric ? 'numeric' : undefined}
              type={field.name === 'recipientPhone' ? 'tel' : 'text'}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={inputClass}
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
